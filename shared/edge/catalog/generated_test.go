package catalog

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"strings"
	"testing"
)

// The files made from the catalog are the ones in the repository: a change
// to the catalog, or to a generated file by hand, fails here until make
// generate is run.
func TestGeneratedFilesAreCurrent(t *testing.T) {
	files, err := Generated("../../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		have, err := os.ReadFile(f.Path)
		if err != nil {
			t.Errorf("%s: %v (run make generate)", f.Path, err)
			continue
		}
		if strings.HasSuffix(f.Path, ".gz") { // compare what they hold
			have, f.Content = gunzip(t, have), gunzip(t, f.Content)
		}
		if !bytes.Equal(have, f.Content) {
			t.Errorf("%s differs from what the catalog makes: run make generate", f.Path)
		}
	}
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	r, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
