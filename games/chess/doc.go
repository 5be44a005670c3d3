// Package chess is chess under the FIDE Laws, and Chess960.
package chess
