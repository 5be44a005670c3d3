package repl

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"
)

// Prompter reads the person's lines. The REPL core knows nothing else of
// the terminal: a Prompter over liner edits lines, keeps history and
// completes words; one over a plain reader serves scripts and tests.
type Prompter interface {
	// Prompt shows p and returns the next line without its line end. It
	// returns io.EOF at the end of input (Ctrl-D) and ErrAborted when the
	// person abandons the line (Ctrl-C).
	Prompt(p string) (string, error)
	// AppendHistory adds a line to the history (line editors).
	AppendHistory(line string)
	// Close ends the prompter (a line editor restores the terminal and
	// saves the history).
	Close() error
}

// ErrAborted is returned by Prompt when the person abandons the line.
var ErrAborted = errors.New("line aborted")

// Completer completes the word before the cursor: line up to pos is split
// into a head (kept), the candidates for the word, and the tail after pos.
type Completer func(line string, pos int) (head string, completions []string, tail string)

// maxLine caps an input line (a longer one is cut there).
const maxLine = 64 << 10

// plainPrompter reads lines from a reader that is not a terminal: no line
// editing, no history. It writes the prompt and echoes the line it read
// after it, so the output reads like the session on a terminal.
type plainPrompter struct {
	br   *bufio.Reader
	out  io.Writer
	echo bool
}

// NewPlainPrompter reads lines from in. With echo, each prompt and the line
// read after it are written to out (a transcript); without, nothing is.
func NewPlainPrompter(in io.Reader, out io.Writer, echo bool) Prompter {
	return &plainPrompter{br: bufio.NewReader(in), out: out, echo: echo}
}

func (p *plainPrompter) Prompt(prompt string) (string, error) {
	line, err := p.br.ReadString('\n')
	if err != nil && (err != io.EOF || line == "") {
		return "", err
	}
	line = strings.TrimRight(line, "\r\n")
	if len(line) > maxLine {
		line = line[:maxLine]
	}
	if p.echo {
		fmt.Fprintf(p.out, "%s%s\n", prompt, line)
	}
	return line, nil
}

func (p *plainPrompter) AppendHistory(string) {}
func (p *plainPrompter) Close() error         { return nil }

// linerPrompter edits lines on a terminal with github.com/peterh/liner.
// It works on the process's own stdin and stdout (liner's only streams).
type linerPrompter struct {
	l       *liner.State
	history string
	warn    io.Writer
}

// NewLinerPrompter puts the terminal in line-editing mode: history (read
// from historyFile when it is not "", and written back to it by Close),
// Ctrl-C abandons the line, Ctrl-D on an empty line ends the input, and
// Tab completes with complete (a second Tab lists the candidates).
// Problems with the history file are warnings written to warn, never
// failures.
func NewLinerPrompter(historyFile string, complete Completer, warn io.Writer) Prompter {
	l := liner.NewLiner()
	l.SetCtrlCAborts(true)
	l.SetTabCompletionStyle(liner.TabPrints)
	if complete != nil {
		l.SetWordCompleter(liner.WordCompleter(complete))
	}
	p := &linerPrompter{l: l, history: historyFile, warn: warn}
	if historyFile != "" {
		if f, err := os.Open(historyFile); err == nil {
			if _, err := l.ReadHistory(f); err != nil {
				fmt.Fprintf(warn, "meeple play: warning: history %s: %v\n", historyFile, err)
			}
			f.Close()
		} else if !errors.Is(err, os.ErrNotExist) {
			fmt.Fprintf(warn, "meeple play: warning: history: %v\n", err)
		}
	}
	return p
}

func (p *linerPrompter) Prompt(prompt string) (string, error) {
	line, err := p.l.Prompt(prompt)
	if errors.Is(err, liner.ErrPromptAborted) {
		return "", ErrAborted
	}
	return line, err
}

func (p *linerPrompter) AppendHistory(line string) { p.l.AppendHistory(line) }

func (p *linerPrompter) Close() error {
	if p.history != "" {
		if err := p.saveHistory(); err != nil {
			fmt.Fprintf(p.warn, "meeple play: warning: history not saved: %v\n", err)
		}
	}
	return p.l.Close()
}

func (p *linerPrompter) saveHistory() error {
	if err := os.MkdirAll(filepath.Dir(p.history), 0o755); err != nil {
		return err
	}
	f, err := os.Create(p.history)
	if err != nil {
		return err
	}
	if _, err := p.l.WriteHistory(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// HistoryFile is where the REPL keeps its history: meeple/history in the
// user's configuration directory, or "" when there is none.
func HistoryFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "meeple", "history")
}

// IsTerminal reports whether f is a terminal (a character device), without
// a terminal library.
func IsTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
