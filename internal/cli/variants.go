package cli

import (
	"context"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/meeple-games/meeple/games"
)

func runVariants(ctx context.Context, env Env, args []string) error {
	fs := newFlags(env, "variants", "[flags]", `
Lists the shipped variants, one line each: name, game, the rules that
differ from the game's defaults, and the description. With --games, lists
the game families and every rule key with its type, range and default.

Examples:
  meeple variants
  meeple variants --games`)
	fams := fs.Bool("games", false, "list the game families and their rule keys instead")
	args, err := parse(fs, env, args)
	if err != nil {
		return err
	}
	if err := wantArgs(fs, args, 0, 0); err != nil {
		return err
	}
	if *fams {
		// The columns line up across every family.
		var w [4]int
		for _, f := range games.Families() {
			for _, p := range f.Params {
				for i, c := range [4]string{p.Key, p.Kind.String(), p.Range(), games.Format(p.Default)} {
					w[i] = max(w[i], len(c))
				}
			}
		}
		for _, f := range games.Families() {
			fmt.Fprintf(env.Stdout, "%s: %s\n", f.Name, f.Summary)
			for _, p := range f.Params {
				fmt.Fprintf(env.Stdout, "  %-*s  %-*s  %-*s  default %-*s  %s\n", w[0], p.Key, w[1], p.Kind, w[2], p.Range(), w[3], games.Format(p.Default), p.Doc)
			}
		}
		return nil
	}
	vs, err := games.Shipped()
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(env.Stdout, 0, 0, 2, ' ', 0)
	for _, v := range vs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", v.Name, v.Family, rulesLine(v), v.Description)
	}
	return tw.Flush()
}

// rulesLine writes the rules of a variant that differ from its family's
// defaults as key=value pairs, or "-" when none do.
func rulesLine(v *games.Variant) string {
	var defaults games.Values
	if f, err := games.Lookup(v.Family); err == nil {
		defaults = f.Defaults()
	}
	var parts []string
	for _, k := range v.Rules.Keys() {
		val := games.Format(v.Rules[k])
		if d, ok := defaults[k]; ok && games.Format(d) == val {
			continue
		}
		parts = append(parts, k+"="+val)
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, " ")
}
