// A writer stub written as what a test of a write error declares: a writer that accepts N bytes, then fails with a chosen error.

package testgen

import (
	"bytes"
	"fmt"
	"go/types"

	"leapfrog/internal/engine"
)

// writerLit writes the stub v of an interface whose only method is io's
// Write as a failing writer (failingWriterDecl) that accepts n bytes,
// then fails with err, when its calls are exactly those such a writer
// answers: each call but the last accepts all of p (len(p) and nil), the
// last accepts fewer (m < len(p)) and returns an error; n is the bytes
// the calls before the last were given and m. A single failing call, as
// for readerLit: the writer returns the same err to every call beyond, a
// stub errors of their own. The case makes the same calls with the same
// lengths, so the writer answers them as the stub would. It reports false
// for any other stub, and in the report's values (file.inReport).
func (f *file) writerLit(v engine.Value, iface *types.Interface) (string, bool) {
	if f.inReport || iface.NumMethods() != 1 || iface.Method(0).Name() != "Write" || len(v.Calls) == 0 {
		return "", false
	}
	sig := iface.Method(0).Type().(*types.Signature)
	if !isIOWrite(sig) {
		return "", false
	}
	n := int64(0)
	for i, c := range v.Calls {
		if c.Method != "Write" || len(c.Results) != 2 {
			return "", false
		}
		wrote, err := int64(c.Results[0].Bits), c.Results[1]
		if i < len(v.Calls)-1 {
			if wrote != c.Len || !err.Nil {
				return "", false
			}
			n += wrote
			continue
		}
		if err.Nil || wrote < 0 || wrote >= c.Len {
			return "", false
		}
		n += wrote
	}
	errLit := f.literal(v.Calls[len(v.Calls)-1].Results[1], sig.Results().At(1).Type())
	return fmt.Sprintf("&%s{n: %d, err: %s}", f.failingWriter(), n, errLit), true
}

// failingWriter names the file's failing writer type, declaring it
// (stubDecls): stubFailingWriter and the file's suffix, named as the stub
// types are, since it is one (a program gathering emitted files renames
// them by that prefix: the oracle's).
func (f *file) failingWriter() string {
	if f.failWriter == "" {
		f.failWriter = f.local("stubFailingWriter" + f.suffix)
		for _, taken := f.stubs[f.failWriter]; taken; _, taken = f.stubs[f.failWriter] {
			f.failWriter = "leapfrog_" + f.failWriter
		}
	}
	return f.failWriter
}

// failingWriterDecl writes the declaration of the file's failing writer
// type, if a value uses it.
func (f *file) failingWriterDecl(w *bytes.Buffer) {
	if f.failWriter == "" {
		return
	}
	fmt.Fprintf(w, `
// %[1]s accepts n bytes, then fails: a Write beyond them writes what
// remains of the n and returns err.
type %[1]s struct {
	n   int
	err error
}

func (w *%[1]s) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	n := w.n
	w.n = 0
	return n, w.err
}
`, f.failWriter)
}
