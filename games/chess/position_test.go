package chess

import (
	"strings"
	"testing"

	"github.com/meeple-games/meeple/games"
)

// TestFENErrors: a malformed FEN is an error that names the field.
func TestFENErrors(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"
	for _, tc := range []struct{ spec, fen, want string }{
		{"chess", "", "0 fields; want 6"},
		{"chess", start + " w KQkq -", "4 fields; want 6"},
		{"chess", start + " w KQkq - 0 1 2 3", "8 fields; want 6"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen field 1 (placement): 7 ranks"},
		{"chess", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen field 1 (placement): rank 6"},
		{"chess", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "fen field 1 (placement): rank 7"},
		{"chess", "rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "two digits in a row"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", `'X' is not a piece`},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1", "0 white kings"},
		{"chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "2 white kings"},
		{"chess", "rnbqkbnP/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQq - 0 1", "a pawn on h8"},
		{"chess", start + " x KQkq - 0 1", "fen field 2 (side to move)"},
		{"chess", "4k3/8/8/8/8/8/8/4K2R w - - 0 1 ", ""},
		{"chess", "4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "fen field 2 (side to move): white to move, but black's king is in check"},
		{"chess", start + " w KQkqK - 0 1", "fen field 3 (castling): \"KQkqK\": at most four"},
		{"chess", start + " w KK - 0 1", "fen field 3 (castling): \"KK\": white has the king-side castling right twice"},
		{"chess", start + " w X - 0 1", "fen field 3 (castling): 'X'"},
		{"chess", "rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Kk - 0 1", "fen field 3 (castling): 'k': no black rook"},
		{"chess", "4k3/8/8/8/8/8/8/1R2K2R w B - 0 1", "fen field 3 (castling): 'B': castling from the king on e1 with the rook on b1 is Chess960"},
		{"chess", "4k3/8/8/8/8/8/8/3K3R w K - 0 1", "is Chess960"},
		{"chess", "4k3/8/8/8/8/8/4K3/7R w K - 0 1", "fen field 3 (castling): 'K': white's king is not on its first rank"},
		{"chess960", "4k3/8/8/8/8/8/8/1R2K2R w G - 0 1", "fen field 3 (castling): 'G': no white rook on g1"},
		{"chess", start + " w KQkq e4 0 1", "fen field 4 (en passant): e4: with white to move the square must be on rank 6"},
		{"chess", start + " w KQkq e6 0 1", "fen field 4 (en passant): e6: no black pawn on e5"},
		{"chess", start + " w KQkq i6 0 1", "fen field 4 (en passant)"},
		{"chess", start + " w KQkq - -1 1", "fen field 5 (halfmove clock)"},
		{"chess", start + " w KQkq - x 1", "fen field 5 (halfmove clock)"},
		{"chess", start + " w KQkq - 0 0", "fen field 6 (fullmove number): 0: want 1.."},
		{"chess", start + " w KQkq - 0 +1", "fen field 6 (fullmove number)"},
		{"chess", start + " w KQkq - 0 1 2", "fen field 7 (repetition count): 2 occurrences need at least 4 half-moves"},
		{"chess", start + " w KQkq - 8 5 1", "fen field 7 (repetition count): \"1\": want 2 or more"},
		{"chess", start + " w KQkq - 12 5 4", ""},
		{"chess", start + " w KQkq - 8 5 02", "fen field 7 (repetition count)"},
	} {
		_, err := load(t, tc.spec).ParseFEN(tc.fen)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: ParseFEN(%q): %v", tc.spec, tc.fen, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "chess: fen ")):
			t.Errorf("%s: ParseFEN(%q) = %v; want an error with %q", tc.spec, tc.fen, err, tc.want)
		}
	}
}

// TestFENCastling: X-FEN letters for the outermost rook, files otherwise;
// Shredder-FEN read everywhere and written on request.
func TestFENCastling(t *testing.T) {
	for _, tc := range []struct{ spec, in, fen, shredder string }{
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"},
		{"chess", "r3k2r/8/8/8/8/8/8/R3K2R b qkQK - 3 9", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 9", "r3k2r/8/8/8/8/8/8/R3K2R b HAha - 3 9"},
		{"chess960", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
			"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"},
		// The inner rook of two on one side: its file; the outer: Q.
		{"chess960", "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1"},
		{"chess960", "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1", "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1"},
		{"chess960", "1r2k1rr/8/8/8/8/8/8/4K3 b gb - 0 1", "1r2k1rr/8/8/8/8/8/8/4K3 b gq - 0 1", "1r2k1rr/8/8/8/8/8/8/4K3 b gb - 0 1"},
	} {
		s := mustFEN(t, load(t, tc.spec), tc.in)
		if s.FEN() != tc.fen || s.ShredderFEN() != tc.shredder {
			t.Errorf("%s: %q: FEN %q, Shredder %q; want %q, %q", tc.spec, tc.in, s.FEN(), s.ShredderFEN(), tc.fen, tc.shredder)
		}
		if back := mustFEN(t, load(t, tc.spec), s.ShredderFEN()); back.FEN() != s.FEN() || back.Hash() != s.Hash() {
			t.Errorf("%s: Shredder-FEN %q reads back as %q", tc.spec, s.ShredderFEN(), back.FEN())
		}
	}
}

// TestStartFEN: the start positions and their FENs.
func TestStartFEN(t *testing.T) {
	for spec, want := range map[string]string{
		"chess":                       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"chess960":                    "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1",
		"chess960(number=518)":        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"chess(start=960,number=959)": "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1",
	} {
		g := load(t, spec)
		s := g.NewChess()
		if s.Position() != want || g.StartFEN() != want {
			t.Errorf("%s: start %q; want %q", spec, s.Position(), want)
		}
	}
	if _, err := load(t, "chess").ParseFEN("4k3/8/8/8/8/8/8/4K3 w - - 0 1"); err != nil {
		t.Error(err)
	}
}

// TestVariantErrors: the rules are range- and cross-checked.
func TestVariantErrors(t *testing.T) {
	for spec, want := range map[string]string{
		"chess(number=42)":     `key "number": 42 is a Chess960 array; the standard start is 518`,
		"chess960(number=960)": `key "number": 960 is out of range 0..959`,
		"chess(start=random)":  `key "start": "random" is not one of standard, 960`,
		"chess(castling=true)": `unknown rule for chess`,
	} {
		_, err := games.LoadVariant(spec)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", spec, err, want)
		}
	}
}
