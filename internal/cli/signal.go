package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Signals are the signals that interrupt a command the way Ctrl-C does:
// SIGINT (Ctrl-C), SIGTERM (kill, a batch system's or container's stop)
// and SIGHUP (the terminal went away).
var Signals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// SignalError is the cause of a context ended by one of Signals.
type SignalError struct{ Signal os.Signal }

func (e *SignalError) Error() string {
	switch e.Signal {
	case os.Interrupt:
		return "interrupted (SIGINT)"
	case syscall.SIGTERM:
		return "terminated (SIGTERM)"
	case syscall.SIGHUP:
		return "hung up (SIGHUP)"
	}
	return "signal " + e.Signal.String()
}

// ExitCode is the exit status of a command ended by the signal: 128 plus
// its number, as a shell reports a process the signal killed (130 for
// SIGINT, 143 for SIGTERM, 129 for SIGHUP).
func (e *SignalError) ExitCode() int {
	if s, ok := e.Signal.(syscall.Signal); ok {
		return 128 + int(s)
	}
	return 1
}

// SignalContext returns a context that ends, with a *SignalError as its
// cause (context.Cause), at the first of sigs (default: Signals). Until
// stop is called every later one of them is caught and ignored, so that
// the command winds down (the referee stops its engines, releases its
// lock and prints the standings) instead of dying half-way; the wind-down
// is bounded by the commands' own timeouts.
func SignalContext(parent context.Context, sigs ...os.Signal) (ctx context.Context, stop func()) {
	if len(sigs) == 0 {
		sigs = Signals
	}
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, sigs...)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			cancel(&SignalError{Signal: s})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		select {
		case <-done:
		default:
			close(done)
		}
		cancel(context.Canceled)
	}
}

// signalOf finds the signal that ended a command: in its error, or as the
// cause of its context.
func signalOf(ctx context.Context, err error) *SignalError {
	var se *SignalError
	if errors.As(err, &se) || errors.As(context.Cause(ctx), &se) {
		return se
	}
	return nil
}
