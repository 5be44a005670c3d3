package cli

import (
	"context"
	"fmt"
	"strings"

	"github.com/meeple-games/meeple/games"
)

func runVariants(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "variants", "[flags]", `
Lists the shipped variants, one line each: name, game, the rules that
differ from the game's defaults, and the description. With --games, lists
the game families and every rule key with its type, range and default.`)
	fams := fs.Bool("games", false, "list the game families and their rule keys instead")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if *fams {
		for _, f := range games.Families() {
			fmt.Fprintf(env.Stdout, "%s: %s\n", f.Name, f.Summary)
			for _, p := range f.Params {
				fmt.Fprintf(env.Stdout, "  %-10s %-8s %-28s default %-6s %s\n", p.Key, p.Kind, p.Range(), games.Format(p.Default), p.Doc)
			}
		}
		return nil
	}
	vs, err := games.Shipped()
	if err != nil {
		return err
	}
	for _, v := range vs {
		fmt.Fprintf(env.Stdout, "%-14s %-8s %-34s %s\n", v.Name, v.Family, rulesLine(v), v.Description)
	}
	return nil
}

// rulesLine writes a variant's rules as key=value pairs.
func rulesLine(v *games.Variant) string {
	var parts []string
	for _, k := range v.Rules.Keys() {
		parts = append(parts, k+"="+games.Format(v.Rules[k]))
	}
	return strings.Join(parts, " ")
}
