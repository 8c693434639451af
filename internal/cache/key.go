// The key of a function's analysis: everything the analysis reads, hashed.

package cache

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"os"
	"runtime"
	"sync"
	"time"

	"leapfrog/internal/analysis"
	"leapfrog/internal/ir"
	"leapfrog/internal/search"
)

// Key identifies an analysis: the SHA-256 of what it depends on.
type Key [sha256.Size]byte

// keyWriter hashes fields, each with its length, so that no two sequences
// of fields hash alike.
type keyWriter struct{ h hash.Hash }

func (w keyWriter) field(name string, data []byte) {
	var n [binary.MaxVarintLen64]byte
	for _, b := range [][]byte{[]byte(name), data} {
		w.h.Write(n[:binary.PutUvarint(n[:], uint64(len(b)))])
		w.h.Write(b)
	}
}

func (w keyWriter) text(name, s string) { w.field(name, []byte(s)) }

var tool struct {
	once sync.Once
	sum  []byte
	err  error
}

// Tool identifies this build of leapfrog: its version, the Go toolchain
// that built it, the platform, and the SHA-256 of its executable, which
// covers leapfrog's own code (the engine, its externals, replacements and
// summaries, the strategies, the solvers' encodings) whatever the version
// says.
func Tool(version string) ([]byte, error) {
	tool.once.Do(func() {
		exe, err := os.Executable()
		if err != nil {
			tool.err = fmt.Errorf("finding leapfrog's executable: %v", err)
			return
		}
		f, err := os.Open(exe)
		if err != nil {
			tool.err = fmt.Errorf("reading leapfrog's executable: %v", err)
			return
		}
		defer f.Close()
		h := sha256.New()
		if _, err := io.Copy(h, f); err != nil {
			tool.err = fmt.Errorf("reading leapfrog's executable: %v", err)
			return
		}
		tool.sum = h.Sum(nil)
	})
	if tool.err != nil {
		return nil, tool.err
	}
	h := sha256.New()
	w := keyWriter{h}
	w.text("version", version)
	w.text("go", runtime.Version()+" "+runtime.GOOS+"/"+runtime.GOARCH)
	w.field("executable", tool.sum)
	return h.Sum(nil), nil
}

// Settings are the settings of an analysis beyond its target: the
// configuration (its callback and givens aside) and the time budget.
type Settings struct {
	Config analysis.Config
	Budget time.Duration
}

// FuncKey is the key of the analysis of t with the settings and the
// outcomes given to it (Config.Given: what the package's own tests and
// the analyses of its callees decided). What goes in:
//
//   - this build of leapfrog (Tool);
//   - the target's program as the IR prints it: the function, everything
//     it may call (the standard-library bodies the engine interprets and
//     the replacements the front end substitutes included), the globals it
//     uses and the initializer that gives them their values, the dynamic
//     types with their methods, every branch and panic with its position;
//   - what the IR text leaves out: every type's reflect name, opacity and
//     embedded fields, the Go names of the phis (warnings name them), and
//     which package-level variables the package assigns (the seams);
//   - the target's name, package, precondition and loop directives;
//   - the settings, every field (a field added later is in the key too);
//   - for each objective of the search, in order, the first outcome given
//     at its position and outcome, if any (Session.Give takes that one and
//     ignores the others): so a change to the package's tests changes the
//     keys of the functions whose outcomes they cover, and only those.
func (c *Cache) FuncKey(t analysis.Target, s Settings, given []search.Given) (k Key, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("cache: no key for %s: %v", t.Name, p)
		}
	}()
	h := sha256.New()
	w := keyWriter{h}
	w.field("tool", c.tool)
	w.text("package", t.Package)
	w.text("name", t.Name)
	w.text("func", t.Func.Name)
	w.text("program", ir.Print(t.Prog))
	var extra []byte
	ir.WalkTypes(t.Prog, func(ty *ir.Type) {
		extra = fmt.Appendf(extra, "%q %q %v", ty.Name, ty.ReflectName, ty.Opaque)
		for _, f := range ty.Fields {
			extra = fmt.Appendf(extra, " %v", f.Embedded)
		}
		extra = append(extra, '\n')
	})
	w.field("types", extra)
	var phis []byte
	for _, f := range t.Prog.Funcs {
		for _, b := range f.Blocks {
			for _, in := range b.Instrs {
				if p, ok := in.(*ir.Phi); ok {
					phis = fmt.Appendf(phis, "%q\n", t.PhiNames[p])
				}
			}
		}
	}
	w.field("phis", phis)
	var assigned []byte // which variables a function of the package assigns: the seams (engine/seams.go)
	for _, g := range t.Prog.Globals {
		assigned = fmt.Appendf(assigned, "%v\n", g.Assigned)
	}
	w.field("assigned", assigned)
	if t.Assume != nil {
		w.text("assume", t.AssumeText+"\n"+ir.PrintFunc(t.Assume))
	}
	w.text("directives", fmt.Sprintf("%#v %#v", t.KBounds, t.Models))
	cfg := s.Config
	cfg.OnRun, cfg.Given = nil, nil
	w.text("settings", fmt.Sprintf("%#v %v", cfg, s.Budget))
	first := map[string]int{}
	for i, g := range given {
		k := g.Pos.String() + "\x00" + g.Outcome
		if _, ok := first[k]; !ok {
			first[k] = i
		}
	}
	var gs []search.Given
	for _, o := range search.Objectives(t.Func) {
		if i, ok := first[o.Pos().String()+"\x00"+o.Outcome]; ok {
			gs = append(gs, given[i])
		} else {
			gs = append(gs, search.Given{})
		}
	}
	enc, err := encode(&gs)
	if err != nil {
		return k, err
	}
	w.field("given", enc)
	copy(k[:], h.Sum(nil))
	return k, nil
}
