// enumsrc_test.go: the Go source the oracle adds to the instrumented package: the enumeration of every input, and the replay of every case of every report.

package oracle

import (
	"bytes"
	"fmt"
	"go/format"
	"go/types"
	"sort"
	"strings"

	"leapfrog/internal/report"
	"leapfrog/internal/testgen"
	"leapfrog/internal/verify"
)

// Environment variables read by the generated tests.
const outEnv = "LEAPFROG_ORACLE_OUT" // the file the enumeration or the replay writes its observations to

// enumSource returns enum_test.go: one TestEnum_<id> per function, running
// it on every input (an interface parameter over its domain function's
// values) that satisfies its precondition (lfAssume_<id>, run unrecorded:
// what it executes is not the function's; it must return true without
// panicking; the others count as inputs, not run), recovering panics, and
// writing to $LEAPFROG_ORACLE_OUT the size
// of each domain, the number of inputs, each new branch record of the
// instrumented package with the input that produced it, and each panic kind
// and line with its first input.
func enumSource(pkg *pkgSource, funcs []*function) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(enumHeader)
	for _, f := range funcs {
		if f.assume != "" {
			var ps []string
			for _, p := range f.params {
				ps = append(ps, p.name+" "+pkg.typeString(p.typ))
			}
			fmt.Fprintf(&b, "\nfunc lfAssume_%s(%s) bool { return %s }\n", f.id(), strings.Join(ps, ", "), f.assume)
		}
		fmt.Fprintf(&b, "\nfunc TestEnum_%s(t *testing.T) {\n\tlfEnumStart(t)\n", f.id())
		for i, p := range f.params {
			if p.factory {
				fmt.Fprintf(&b, "var lfV%d int\n", i)
			} else {
				fmt.Fprintf(&b, "var lfV%d %s\n", i, pkg.typeString(p.value()))
			}
			if p.domain != "" { // the number of inputs depends on the domain's size
				fmt.Fprintf(&b, "fmt.Fprintf(&lfOut, \"domain\\t%%d\\n\", len(%s()))\n", p.domain)
			}
		}
		// A function with a pointer receiver runs twice over the other
		// inputs: with a nil receiver, then with a pointer to a copy of each
		// value of the receiver's type.
		nils := []bool{false}
		if len(f.params) > 0 && f.params[0].ptr {
			nils = []bool{true, false}
		}
		for _, recvNil := range nils {
			enumLoops(&b, pkg, f, recvNil)
		}
		b.WriteString("lfEnumFinish(t)\n}\n")
	}
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated enum_test.go does not parse: %v\n%s", err, b.Bytes())
	}
	return src, nil
}

// enumLoops writes the loops over every input of f and the call in them;
// recvNil: the pointer receiver is nil (its value is not enumerated).
func enumLoops(b *bytes.Buffer, pkg *pkgSource, f *function, recvNil bool) {
	var fmts, vals, args []string
	loops := 0
	for i, p := range f.params {
		v := fmt.Sprintf("lfV%d", i)
		arg := v
		switch {
		case p.ptr && recvNil:
			fmts, args = append(fmts, p.name+"=nil"), append(args, "("+pkg.typeString(p.typ)+")(nil)")
			continue
		case p.ptr:
			arg = "&lfR" // a copy: the method may change its receiver
		case p.factory: // v is the index of its factory: the call makes the stub
			fmts, vals, args = append(fmts, p.name+"="+p.domain+"()[%d]"), append(vals, v), append(args, fmt.Sprintf("%s()[%s]()", p.domain, v))
			fmt.Fprintf(b, "for %s = range %s() {\n", v, p.domain)
			loops++
			continue
		case p.domain != "":
			fmts, vals, args = append(fmts, p.name+"=%#v"), append(vals, v), append(args, v)
			fmt.Fprintf(b, "for _, lfD%d := range %s() {\n%s = lfD%d\n", i, p.domain, v, i)
			loops++
			continue
		}
		lf, a := pkg.literalFormat(p.value(), v)
		if p.ptr {
			lf = "&" + lf
		}
		fmts, vals, args = append(fmts, p.name+"="+lf), append(vals, a...), append(args, arg)
		for j, l := range p.leaves {
			loop := fmt.Sprintf("lfI%d_%d", i, j)
			switch l.typ {
			case "bool":
				fmt.Fprintf(b, "for _, %s := range [2]bool{false, true} {\n", loop)
				fmt.Fprintf(b, "%s%s = %s\n", v, l.path, loop)
			case "int8":
				fmt.Fprintf(b, "for %s := -128; %s <= 127; %s++ {\n", loop, loop, loop)
				fmt.Fprintf(b, "%s%s = int8(%s)\n", v, l.path, loop)
			case "uint8":
				fmt.Fprintf(b, "for %s := 0; %s <= 255; %s++ {\n", loop, loop, loop)
				fmt.Fprintf(b, "%s%s = uint8(%s)\n", v, l.path, loop)
			case "float32": // a sample: see lfFloat32s
				fmt.Fprintf(b, "for _, %s := range lfFloat32s {\n", loop)
				fmt.Fprintf(b, "%s%s = %s\n", v, l.path, loop)
			}
			loops++
		}
	}
	call := callSource(f, args)
	check := fmt.Sprintf("lfAssume_%s(%s)", f.id(), strings.Join(args, ", "))
	if len(f.params) > 0 && f.params[0].ptr && !recvNil {
		call = "lfR := lfV0; " + call
		check = "lfR := lfV0; return " + check
	} else {
		check = "return " + check
	}
	if f.assume != "" {
		fmt.Fprintf(b, "if !lfSatisfies(func() bool { %s }) {\nlfInputs++\n} else ", check)
	}
	fmt.Fprintf(b, "{\nlfEnumCall(func() { %s }, func() string { return fmt.Sprintf(%q, %s) })\n}\n",
		call, strings.Join(fmts, " "), strings.Join(vals, ", "))
	b.WriteString(strings.Repeat("}\n", loops))
}

// callSource returns the call of f on the argument expressions (the
// receiver first for a method).
func callSource(f *function, args []string) string {
	if f.recvType != "" {
		return fmt.Sprintf("(%s).%s(%s)", args[0], f.goName, strings.Join(args[1:], ", "))
	}
	return fmt.Sprintf("%s(%s)", f.goName, strings.Join(args, ", "))
}

// replayKey names one case in the replay's output.
func replayKey(row, fn string, i int) string { return fmt.Sprintf("%s|%s|%d", row, fn, i) }

// replaySource returns replay_test.go: TestLfReplay runs every case of every
// report on the instrumented package, alone, and writes the branch outcomes
// and the panic it observed.
func replaySource(pkg *pkgSource, funcs []*function, reports map[string]map[string]*report.Function) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by the leapfrog oracle test; DO NOT EDIT.\n\npackage p\n\nimport (\n\t\"bytes\"\n\t\"errors\"\n\t\"io\"\n\t\"math\"\n\t\"strings\"\n\t\"testing\"\n\t\"testing/iotest\"\n)\n\nvar _ = math.Float32frombits // float inputs are written with it\nvar _ = errors.New // and error inputs of the errors package with it\nvar _ = io.EOF // and io's sentinels\nvar _, _, _ = strings.NewReader, bytes.NewReader, iotest.ErrReader // and io's readers and writers\n\n")
	b.WriteString(replayStubs(pkg, funcs))
	b.WriteString("func TestLfReplay(t *testing.T) {\n\tlfReplayStart(t)\n")
	var rows []string
	for r := range reports {
		rows = append(rows, r)
	}
	sort.Strings(rows)
	for _, row := range rows {
		for _, f := range funcs {
			r := reports[row][f.name]
			if r == nil {
				continue
			}
			for i, c := range r.Cases {
				if len(c.Inputs) != len(f.params) {
					continue // compare reports it
				}
				var decl, args []string
				for j, in := range c.Inputs {
					decl = append(decl, fmt.Sprintf("var lfA%d %s = %s", j, pkg.typeString(f.params[j].typ), in.Value))
					args = append(args, fmt.Sprintf("lfA%d", j))
				}
				fmt.Fprintf(&b, "\tlfReplay(%q, func() { %s; %s })\n", replayKey(row, f.name, i), strings.Join(decl, "; "), callSource(f, args))
			}
		}
	}
	b.WriteString("\tlfReplayFinish(t)\n}\n")
	src, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("generated replay_test.go does not parse: %v\n%s", err, b.Bytes())
	}
	return src, nil
}

// replayStubs declares the stub types of the interface parameters with a
// stub, as the report's values name them (testgen.StubDecl, "stub" and
// the interface's name); the replay imports io, errors, strings, bytes and
// testing/iotest only.
func replayStubs(pkg *pkgSource, funcs []*function) string {
	var b strings.Builder
	done := map[string]bool{}
	for _, f := range funcs {
		for _, p := range f.params {
			n, ok := p.typ.(*types.Named)
			if !p.stub || !ok || done[n.Obj().Name()] {
				continue
			}
			done[n.Obj().Name()] = true
			decl, _ := testgen.StubDecl(pkg.types, "stub"+n.Obj().Name(), p.typ)
			b.WriteString(decl)
		}
	}
	return b.String()
}

// enumHeader is the fixed part of enum_test.go. It classifies run-time
// panics by verify.PanicKinds, as verify's recorder does.
var enumHeader = `// Code generated by the leapfrog oracle test; DO NOT EDIT.

package p

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
)

var (
	lfOut     bytes.Buffer
	lfInputs  int
	lfRun     int // the inputs run: those satisfying the precondition
	lfRecSize int64
	lfPanics  = map[string]bool{}
)

func lfEnumStart(t *testing.T) {
	if os.Getenv("` + outEnv + `") == "" || os.Getenv("` + verify.RecEnv + `") == "" {
		t.Skip("run by the oracle test only")
	}
}

// lfFloat32s are the values a float32 input ranges over: the special
// values (zeros, infinities, NaN, the smallest subnormal and normal, the
// largest finite value) and a grid from -8 to 8 in steps of 1/4, with a
// few others. Not every float32: an outcome no value of the list
// reaches is inconclusive (the oracle's sampled functions).
var lfFloat32s = func() []float32 {
	fs := []float32{float32(math.Copysign(0, -1)), float32(math.Inf(1)), float32(math.Inf(-1)), float32(math.NaN()),
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-126, -0x1p-126, math.MaxFloat32, -math.MaxFloat32,
		0.1, -0.1, 1e30, -1e30, 100, 255, 256, -129, 0x1p31, -0x1p31, 0x1p63, 0x1p64, 16777217}
	for k := -32; k <= 32; k++ {
		fs = append(fs, float32(k)/4)
	}
	return fs
}()

// lfPanicInfo classifies a recovered panic: its kind and the file:line
// where it was raised, or otherPackage: a panic raised in another
// package's code (errors.Is comparing uncomparable values) is no
// objective, callees there contribute paths only. A runtime.Error is a
// run-time check's panic when the runtime raised it (the caller of
// gopanic is the runtime's), an explicit panic when the program passed it
// to panic (math/bits' panic(divideError)).
func lfPanicInfo(r any) (kind, where string) {
	msg := fmt.Sprint(r)
	where = "?"
	pcs := make([]uintptr, 64)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs)])
	inPanic, raiser, byRuntime := false, false, false
	for more := true; more && where == "?"; {
		var fr runtime.Frame
		fr, more = frames.Next()
		rt := strings.HasPrefix(fr.Function, "runtime.") || strings.HasPrefix(fr.Function, "internal/runtime/")
		switch {
		case fr.Function == "runtime.gopanic":
			inPanic, raiser = true, false
		case strings.Contains(fr.Function, ".__leapfrog"):
			// verify's panic recorder passing the panic on
		case inPanic && !raiser && rt:
			raiser, byRuntime = true, true
		case rt || strings.HasPrefix(fr.Function, "type:.eq."):
			// the runtime, a compiler-generated equality function
		case inPanic && !strings.HasPrefix(fr.Function, "p."):
			raiser, where = true, otherPackage
		case inPanic:
			raiser, where = true, filepath.Base(fr.File) + ":" + strconv.Itoa(fr.Line)
		}
	}
	kind = "panic"
	if _, ok := r.(runtime.Error); ok && byRuntime {
		for _, k := range ` + fmt.Sprintf("%#v", verify.PanicKinds) + ` {
			if strings.Contains(msg, k) {
				kind = k
			}
		}
	}
	return kind, where
}

const otherPackage = "` + otherPackage + `"

func lfOneLine(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "\t", " "), "\n", " ")
}

// lfSatisfies runs a precondition check, unrecorded (what it executes is
// not the function's); an input on which it panics is no input.
func lfSatisfies(check func() bool) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return __leapfrogUnrecorded(check)
}

// lfEnumCall runs one input, recording the panic it raises (kind and line)
// and the branch records it added to the record file.
func lfEnumCall(call func(), input func() string) {
	lfInputs++
	lfRun++
	defer lfNewRecords(input)
	defer func() {
		r := recover()
		if r == nil {
			return
		}
		kind, where := lfPanicInfo(r)
		key := kind + "\t" + where
		if !lfPanics[key] {
			lfPanics[key] = true
			fmt.Fprintf(&lfOut, "panic\t%s\t%s\t%s\n", key, input(), lfOneLine(fmt.Sprint(r)))
		}
	}()
	call()
}

// lfNewRecords copies the records the last input added to the record file.
func lfNewRecords(input func() string) {
	name := os.Getenv("` + verify.RecEnv + `")
	st, err := os.Stat(name)
	if err != nil || st.Size() == lfRecSize {
		return
	}
	data, err := os.ReadFile(name)
	if err != nil {
		panic(err)
	}
	in := input()
	for _, line := range strings.Split(strings.TrimSpace(string(data[lfRecSize:])), "\n") {
		if strings.HasPrefix(line, "panic\t") || strings.HasPrefix(line, "entry\t") {
			continue // verify's panic and entry records: read at the end
		}
		f := strings.Fields(line)
		if len(f) == 2 {
			fmt.Fprintf(&lfOut, "rec\t%s\t%s\t%s\n", f[0], f[1], in)
		} else {
			fmt.Fprintf(&lfOut, "bad record %q\n", line)
		}
	}
	lfRecSize = int64(len(data))
}

func lfEnumFinish(t *testing.T) {
	fmt.Fprintf(&lfOut, "inputs\t%d\nsatisfying\t%d\n", lfInputs, lfRun)
	if err := os.WriteFile(os.Getenv("` + outEnv + `"), lfOut.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func lfReplayStart(t *testing.T) {
	if os.Getenv("` + outEnv + `") == "" {
		t.Skip("run by the oracle test only")
	}
}

// lfReplay runs one case alone: the recorder's memory (__leapfrogSeen, in
// verify's recorder file) is cleared first, and
// the outcomes it holds afterwards are the case's.
func lfReplay(key string, call func()) {
	__leapfrogMu.Lock()
	__leapfrogSeen = map[int]uint8{}
	__leapfrogMu.Unlock()
	func() {
		defer func() {
			if r := recover(); r != nil {
				kind, where := lfPanicInfo(r)
				fmt.Fprintf(&lfOut, "panic\t%s\t%s\t%s\t%s\n", key, kind, where, lfOneLine(fmt.Sprint(r)))
			}
		}()
		call()
	}()
	__leapfrogMu.Lock()
	defer __leapfrogMu.Unlock()
	var ids []int
	for id := range __leapfrogSeen {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	for _, id := range ids {
		bits := __leapfrogSeen[id]
		if bits&2 != 0 {
			fmt.Fprintf(&lfOut, "rec\t%s\t%d\ttrue\n", key, id)
		}
		if bits&1 != 0 {
			fmt.Fprintf(&lfOut, "rec\t%s\t%d\tfalse\n", key, id)
		}
	}
	fmt.Fprintf(&lfOut, "ran\t%s\n", key)
}

func lfReplayFinish(t *testing.T) {
	if err := os.WriteFile(os.Getenv("` + outEnv + `"), lfOut.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
`
