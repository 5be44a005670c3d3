package record

import "testing"

func TestResignationReplays(t *testing.T) {
	if n, err := ParseTermination("resign"); err != nil || n != Resignation || Resignation.String() != "resign" {
		t.Fatalf("resign: %v %v", n, err)
	}
	if got := pgnTermination(Resignation); got != "normal" {
		t.Errorf("PGN termination of a resignation: %q", got)
	}
}
