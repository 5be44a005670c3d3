// Package configs holds the shipped variants, one TOML file each, embedded
// into the binary. configs/README.md documents every key.
package configs

import "embed"

// FS holds the *.toml files of this directory.
//
//go:embed *.toml
var FS embed.FS
