// Tests: every replacement and mirror of package replacements is used by a program calling the functions they replace.

package lower

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"leapfrog/internal/ir"
)

// usesAll calls every function the replacement package replaces (the
// bytealg ones through strings and bytes).
const usesAll = `package p

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"os"
	"reflect"
	"runtime"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"unique"
	"unsafe"
)

func Strs(a, b string) int {
	return strings.IndexByte(a, 'x') + strings.Count(a, "x") + strings.Compare(a, b) + strings.Index(a, b)
}

func Bytes(a, b []byte) int {
	return bytes.IndexByte(a, 'x') + bytes.Count(a, []byte{'x'}) + bytes.Compare(a, b) + bytes.Index(a, b)
}

func Errs(err error) bool { return errors.Is(err, fmt.Errorf("w %w", err)) }

func Std(f *os.File) int {
	n, _ := os.Stdout.Write([]byte("x"))
	m, _ := os.Stderr.WriteString("y")
	k, _ := f.Write(nil)
	if n > 5 {
		os.Exit(2)
	}
	if _, _, line, ok := runtime.Caller(1); ok {
		return line
	}
	if n > 6 {
		g, _ := os.Open("a")
		h, _ := os.Create("b")
		b, _ := os.ReadFile("c")
		d, _ := os.Getwd()
		_, _, _, _, _ = os.Remove(d), os.RemoveAll(d), os.Chdir(d), os.Setenv(d, d), os.Unsetenv(d)
		if g == h {
			return 1
		}
		return len(b)
	}
	if n > 7 {
		buf := make([]byte, 4)
		_, _, _ = f.Close(), f.Sync(), f.Truncate(2)
		_, _ = f.Read(buf)
		_, _ = f.ReadAt(buf, 1)
		_, _ = f.WriteAt(buf, 1)
		_, _ = f.Seek(1, 0)
		_ = f.Chdir()
		_, _ = f.Readdirnames(1)
		_, _, _, _ = os.Rename("a", "b"), os.Symlink("a", "b"), os.Link("a", "b"), os.Truncate("a", 1)
		_, _ = os.Readlink("a")
		_, _ = os.Hostname()
		_, _ = os.Executable()
		_, _ = os.UserHomeDir()
		return os.Getpid()
	}
	return n + m + k + len(f.Name()) + int(f.Fd())
}

func Funcs(i32 *int32, i64 *int64, u32 *uint32, u64 *uint64, up *uintptr) {
	atomic.SwapInt32(i32, 1); atomic.CompareAndSwapInt32(i32, 1, 2); atomic.AddInt32(i32, 1); atomic.AndInt32(i32, 1); atomic.OrInt32(i32, 1); atomic.LoadInt32(i32); atomic.StoreInt32(i32, 1)
	atomic.SwapInt64(i64, 1); atomic.CompareAndSwapInt64(i64, 1, 2); atomic.AddInt64(i64, 1); atomic.AndInt64(i64, 1); atomic.OrInt64(i64, 1); atomic.LoadInt64(i64); atomic.StoreInt64(i64, 1)
	atomic.SwapUint32(u32, 1); atomic.CompareAndSwapUint32(u32, 1, 2); atomic.AddUint32(u32, 1); atomic.AndUint32(u32, 1); atomic.OrUint32(u32, 1); atomic.LoadUint32(u32); atomic.StoreUint32(u32, 1)
	atomic.SwapUint64(u64, 1); atomic.CompareAndSwapUint64(u64, 1, 2); atomic.AddUint64(u64, 1); atomic.AndUint64(u64, 1); atomic.OrUint64(u64, 1); atomic.LoadUint64(u64); atomic.StoreUint64(u64, 1)
	atomic.SwapUintptr(up, 1); atomic.CompareAndSwapUintptr(up, 1, 2); atomic.AddUintptr(up, 1); atomic.AndUintptr(up, 1); atomic.OrUintptr(up, 1); atomic.LoadUintptr(up); atomic.StoreUintptr(up, 1)
}

func Ptrs(p *unsafe.Pointer) {
	atomic.SwapPointer(p, nil); atomic.CompareAndSwapPointer(p, nil, nil); atomic.LoadPointer(p); atomic.StorePointer(p, nil)
}

func Typed() {
	var i32 atomic.Int32
	i32.Load(); i32.Store(1); i32.Swap(1); i32.CompareAndSwap(1, 2); i32.Add(1); i32.And(1); i32.Or(1)
	var i64 atomic.Int64
	i64.Load(); i64.Store(1); i64.Swap(1); i64.CompareAndSwap(1, 2); i64.Add(1); i64.And(1); i64.Or(1)
	var u32 atomic.Uint32
	u32.Load(); u32.Store(1); u32.Swap(1); u32.CompareAndSwap(1, 2); u32.Add(1); u32.And(1); u32.Or(1)
	var u64 atomic.Uint64
	u64.Load(); u64.Store(1); u64.Swap(1); u64.CompareAndSwap(1, 2); u64.Add(1); u64.And(1); u64.Or(1)
	var up atomic.Uintptr
	up.Load(); up.Store(1); up.Swap(1); up.CompareAndSwap(1, 2); up.Add(1); up.And(1); up.Or(1)
	var b atomic.Bool
	b.Load(); b.Store(true); b.Swap(true); b.CompareAndSwap(true, false)
	var p atomic.Pointer[int]
	p.Load(); p.Store(nil); p.Swap(nil); p.CompareAndSwap(nil, nil)
	var v atomic.Value
	v.Store(1); v.Load(); v.Swap(2); v.CompareAndSwap(2, 3)
}

func Sync(x int) int {
	var mu sync.Mutex
	mu.Lock(); mu.Unlock(); mu.TryLock(); mu.Unlock()
	var rw sync.RWMutex
	rw.Lock(); rw.Unlock(); rw.TryLock(); rw.Unlock(); rw.RLock(); rw.RUnlock(); rw.TryRLock(); rw.RUnlock()
	var o sync.Once
	o.Do(func() {})
	f := sync.OnceFunc(func() {})
	g := sync.OnceValue(func() int { return x })
	h := sync.OnceValues(func() (int, error) { return x, nil })
	f()
	a, _ := h()
	var wg sync.WaitGroup
	wg.Add(1); wg.Done(); wg.Wait()
	p := sync.Pool{New: func() any { return 1 }}
	p.Get(); p.Put(1)
	var m sync.Map
	m.Store(1, 2); m.Load(1); m.LoadOrStore(1, 2); m.LoadAndDelete(1); m.Delete(1); m.Swap(1, 2)
	m.CompareAndSwap(1, 2, 3); m.CompareAndDelete(1, 3); m.Range(func(k, v any) bool { return true }); m.Clear()
	c := sync.NewCond(&mu)
	c.Signal(); c.Broadcast(); c.L.Lock(); c.Wait()
	return g() + a
}

func Uniq(s string) string { return unique.Make(s).Value() }

func Rand(n int) float64 {
	a := rand.Int() + int(rand.Int63()) + int(rand.Int31()) + int(rand.Uint32()) + int(rand.Uint64()) + rand.Intn(n) + int(rand.Int63n(int64(n))) + int(rand.Int31n(int32(n)))
	b := randv2.Int() + int(randv2.Int64()) + int(randv2.Int32()) + int(randv2.Uint32()) + int(randv2.Uint64()) + int(randv2.Uint()) + randv2.IntN(n)
	c := int(randv2.Int64N(int64(n))) + int(randv2.Int32N(int32(n))) + int(randv2.UintN(uint(n))) + int(randv2.Uint64N(uint64(n))) + int(randv2.Uint32N(uint32(n)))
	rand.Shuffle(n, func(i, j int) {})
	randv2.Shuffle(n, func(i, j int) {})
	return float64(a+b+c+len(rand.Perm(n))+len(randv2.Perm(n))) + rand.Float64() + float64(rand.Float32()) + randv2.Float64() + float64(randv2.Float32())
}

func Sort(s []int) {
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	reflect.Swapper(s)(0, 0)
	_ = reflect.ValueOf(s).Len()
}

type S struct{ A int }

func Reflect(x any, p *int) string {
	t := reflect.TypeOf(x)
	v := reflect.ValueOf(x)
	f := t.Field(0)
	_, _ = f.Tag.Lookup("k")
	_ = f.IsExported() && f.Tag.Get("k") == "" && t.Kind() == reflect.Struct
	w := reflect.Indirect(reflect.ValueOf(p))
	w.SetInt(v.Int()); w.SetUint(v.Uint()); w.SetFloat(v.Float()); w.SetString(v.String()); w.SetBool(v.Bool()); w.Set(v)
	_ = v.IsValid() && v.CanAddr() && v.CanSet() && v.CanInterface() && v.IsNil() && v.IsZero()
	_ = v.Len() + v.Cap() + v.NumField()
	_ = v.Index(0).Field(0).Elem().Addr().Interface()
	_ = v.Type() == t && reflect.DeepEqual(x, p) && v.NumMethod() == 0 && reflect.PointerTo(t) == reflect.PtrTo(t)
	m := reflect.MakeMap(t)
	m.SetMapIndex(v, reflect.Zero(t))
	_ = m.MapIndex(v).IsValid() && len(m.MapKeys()) == 0 && reflect.MakeMapWithSize(t, 1).Len() == 0
	for it := m.MapRange(); it.Next(); {
		_, _ = it.Key(), it.Value()
		v.SetIterKey(it)
		v.SetIterValue(it)
	}
	_ = v.OverflowInt(1) || v.OverflowUint(1) || v.OverflowFloat(1)
	_ = reflect.New(t).Elem().Len() + reflect.MakeSlice(t, 1, 2).Len()
	v.Grow(1); v.SetLen(1); v.SetCap(1); v.SetZero(); v.SetBytes(v.Bytes()); v.Clear()
	_ = reflect.Append(v.Slice(0, 1), v).Slice3(0, 1, 1).Len() + reflect.AppendSlice(v, v).Len() + reflect.Copy(v, v)
	_ = v.CanInt() || v.CanUint() || v.CanFloat() || v.CanComplex() || v.Equal(v) || v.Comparable()
	_ = v.FieldByIndex([]int{0}).Len() + t.FieldByIndex([]int{0}).Index[0] + v.FieldByName("A").Len()
	_ = t.OverflowInt(1) || t.OverflowUint(1) || t.OverflowFloat(1) || reflect.TypeFor[int]() == t
	_, _ = reflect.TypeAssert[int](v)
	return v.Kind().String() + f.Name
}
`

func TestReplacementsUsed(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module p\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), []byte(usesAll), 0o644); err != nil {
		t.Fatal(err)
	}
	names := []string{"Strs", "Bytes", "Errs", "Std", "Funcs", "Ptrs", "Typed", "Sync", "Uniq", "Rand", "Sort", "Reflect"}
	res, err := Load(dir, names)
	if err != nil {
		t.Fatal(err)
	}
	checkProgramNoRoundTrip(t, res)
	funcs, types := map[string]bool{}, map[string]bool{}
	for _, e := range res.Errors {
		if !strings.Contains(e.Error(), "unsafe.Pointer") { // the *Pointer functions: no IR type for unsafe.Pointer
			t.Errorf("%v", e)
		}
	}
	for _, tg := range res.Targets {
		for _, f := range tg.Prog.Funcs {
			if len(f.Blocks) > 0 {
				funcs[f.Name] = true
			}
		}
		for _, nt := range ir.NamedTypes(tg.Prog) {
			if nt.Opaque {
				types[nt.Name] = true
			}
		}
	}
	fs, ts := registered(t)
	for _, name := range fs {
		if strings.HasSuffix(name, "Pointer") || name == "internal/bytealg.MakeNoZero" {
			continue // LoadPointer and the like: unsafe.Pointer; MakeNoZero: strings.Builder's
		}
		if !funcs[name] && !funcs[instanceName(name)] {
			t.Errorf("no function %s with a replaced body in the programs", name)
		}
	}
	for _, name := range ts {
		if name == "reflect.Kind" || name == "reflect.StructTag" {
			continue // a mirror of a basic type is not opaque
		}
		if !types[name] && !types[strings.TrimSuffix(name, "Handle")+"Handle[string]"] && !types[name+"[int]"] {
			t.Errorf("no opaque type %s in the programs", name)
		}
	}
}

// registered lists what the replacement package's doc comments say their
// functions and types replace.
func registered(t *testing.T) (funcs, types []string) {
	entries, err := replacementFS.ReadDir("replacements")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		src, _ := replacementFS.ReadFile("replacements/" + e.Name())
		f, err := parser.ParseFile(token.NewFileSet(), e.Name(), src, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if name := replaces(d.Doc, d.Name.Name); name != "" {
					funcs = append(funcs, name)
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok {
						doc := ts.Doc
						if doc == nil {
							doc = d.Doc
						}
						if name := replaces(doc, ts.Name.Name); name != "" {
							// The IR names a type by its package's name.
							types = append(types, name[strings.LastIndex(name, "/")+1:])
						}
					}
				}
			}
		}
	}
	if len(funcs) < 50 || len(types) < 10 {
		t.Fatalf("only %d functions and %d types registered", len(funcs), len(types))
	}
	return funcs, types
}

// instanceName is the name of the instance of the generic function name
// the test program uses.
func instanceName(name string) string {
	switch name {
	case "unique.Make":
		return "unique.Make[string]"
	case "sync.OnceValue":
		return "sync.OnceValue[int]"
	case "sync.OnceValues":
		return "sync.OnceValues[int, error]"
	case "(unique.Handle[T]).Value":
		return "(unique.Handle[string]).Value"
	case "reflect.TypeAssert", "reflect.TypeFor":
		return name + "[int]"
	}
	return strings.ReplaceAll(name, "[T]", "[int]")
}

// checkProgramNoRoundTrip is checkProgram's sanity check, on every target.
func checkProgramNoRoundTrip(t *testing.T, res *Result) {
	t.Helper()
	for _, tg := range res.Targets {
		if err := ir.Check(tg.Prog); err != nil {
			t.Fatalf("ir.Check: %v", err)
		}
		roundTrip(t, tg.Prog)
	}
}
