package gametest

import (
	"bytes"
	"os"
	"testing"
)

// Golden compares got with the golden file, a game package's
// testdata/*.golden; when update is set (the value of the package's
// -update flag) it writes got to the file instead.
func Golden(t *testing.T, file string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs (go test -update rewrites it); got:\n%s", file, got)
	}
}
