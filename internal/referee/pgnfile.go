package referee

import (
	"bufio"
	"sort"
	"strings"

	"github.com/meeple-games/meeple/games"
	"github.com/meeple-games/meeple/internal/record"
)

// The PGN file of a chess match, written from its records.

// PGNFile is the PGN of a chess match in the output directory, written
// beside RecordsFile when the game's states are SANStates.
const PGNFile = "games.pgn"

// pgnInfo is the PGN information of a match.
func pgnInfo(id Identity, matchID string) record.PGNInfo {
	info := record.PGNInfo{Event: "meeple match " + matchID, TC: map[string]string{}}
	for _, e := range id.Engines {
		info.TC[e.Name] = pgnTimeControl(e.Limits)
	}
	return info
}

// pgnTimeControl writes limits (Limits.String's form) as PGN's
// TimeControl: "40/60+0.6" (moves/seconds+increment, as cutechess-cli
// writes it), "60+0.6" or "60" for a whole game, "5/move" for a fixed time
// per move (cutechess-cli's form), "-" for no clock (depth, nodes or no
// limit), "?" unknown.
func pgnTimeControl(limits string) string {
	if limits == "" {
		return "?"
	}
	for _, w := range strings.Fields(limits) {
		k, v, _ := strings.Cut(w, "=")
		switch k {
		case "tc":
			tc, err := ParseTC(v)
			if err != nil {
				return "?"
			}
			if tc.Timed() {
				return tc.String()
			}
		case "movetime":
			return v + "/move"
		}
	}
	return "-"
}

// writePGN rewrites the PGN file from rs, in game order.
func writePGN(path string, g games.Game, info record.PGNInfo, rs []*record.Record) error {
	sorted := append([]*record.Record(nil), rs...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Game < sorted[j].Game })
	var b strings.Builder
	w := bufio.NewWriter(&b)
	for _, r := range sorted {
		if err := r.WritePGN(w, g, info); err != nil {
			return err
		}
	}
	w.Flush()
	return writeFileSync(path, []byte(b.String()))
}
