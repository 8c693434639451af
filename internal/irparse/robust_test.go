// Robustness: the parser and the checker never panic on malformed input.

package irparse

import (
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/tools/txtar"

	"leapfrog/internal/ir"
)

// TestParsePrefixes parses every prefix and every one-line deletion of the
// scenario inputs: errors are fine, panics are not, and whatever parses
// must pass Check.
func TestParsePrefixes(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range txtar.Parse(data).Files {
			if f.Name != "input.ir" {
				continue
			}
			src := f.Data
			try := func(s []byte) {
				defer func() {
					if r := recover(); r != nil {
						t.Fatalf("%s: panic on input:\n%s\n%v", file, s, r)
					}
				}()
				if p, err := Parse("x.ir", s); err == nil {
					if err := ir.Check(p); err != nil {
						t.Fatalf("%s: parsed program fails Check: %v", file, err)
					}
				}
			}
			for i := range src {
				try(src[:i])
			}
			start := 0
			for i, c := range src {
				if c == '\n' {
					try(append(append([]byte{}, src[:start]...), src[i+1:]...))
					start = i + 1
				}
			}
		}
	}
}
