package chess_test

import (
	"fmt"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/games/chess"
	"github.com/meeple-games/meeple/internal/record"
)

// The referee writes chess records with SAN through this hook.
var _ record.SANState = (*chess.State)(nil)

// A game read in SAN, then the position as FEN and the legal replies in
// UCI and in SAN.
func Example() {
	v, err := games.LoadVariant("chess")
	if err != nil {
		panic(err)
	}
	st := v.Game.NewState()
	for _, mv := range []string{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"} {
		m, err := games.ParseLegal(st, mv)
		if err != nil {
			panic(err)
		}
		st.Play(m)
	}
	fmt.Println(st.Position())
	s := st.(*chess.State)
	for _, m := range s.LegalMoves(nil)[:6] {
		fmt.Print(s.FormatMove(m), "=", s.SAN(m), " ")
	}
	fmt.Println()
	// Output:
	// r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4
	// e1f1=Kf1 e1e2=Ke2 b1a3=Na3 b1c3=Nc3 f3g1=Ng1 f3d4=Nd4
}

// Chess960: array 518 is the standard array, but castling is written king
// takes rook.
func ExampleState_FormatUCI() {
	v, _ := games.LoadVariant("chess960(number=518)")
	st, _ := v.Game.ParseState("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	s := st.(*chess.State)
	m, _ := s.ParseSAN("O-O")
	fmt.Println(s.FormatMove(m), s.FormatUCI(m, false), s.SAN(m))
	// Output: e1h1 e1g1 O-O
}

// The end of a game: its reason and returns.
func ExampleState_EndReason() {
	v, _ := games.LoadVariant("chess")
	st := v.Game.NewState()
	for _, mv := range []string{"f3", "e5", "g4", "Qh4#"} {
		m, _ := games.ParseLegal(st, mv)
		st.Play(m)
	}
	fmt.Println(st.Player() == games.Terminal, st.EndReason(), st.Returns())
	// Output: true black mates [-1 1]
}

// Perft from a FEN: the leaves of the move tree, with bulk counting.
func ExampleState_Perft() {
	v, _ := games.LoadVariant("chess")
	st, _ := v.Game.ParseState("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	fmt.Println(st.(*chess.State).Perft(3))
	// Output: 97862
}
