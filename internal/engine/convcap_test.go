// The capacities convCaps says gc can give []byte(s) and []rune(s), checked against compiled Go.

package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"leapfrog/internal/ir"
	"leapfrog/internal/testutil"
)

// convCapProg converts strings of every length 0..70 (ASCII, and runes of
// 1 to 4 bytes for []rune) in each way gc compiles a conversion: escaping
// (the heap's size class), not escaping and mutated (a 32-element stack
// buffer), never mutated (zero-copy), a constant, a concatenation; and
// appends 1, 8 and 40 elements after one. Each line: the way, whether
// bytes, the length, the capacity; "grow" lines give the capacity before
// and after the append and the length appended.
const convCapProg = `package main

import (
	"fmt"
	"strings"
)

var sinkB []byte
var sinkR []rune

//go:noinline
func bEsc(s string) int { b := []byte(s); sinkB = b; return cap(b) }

//go:noinline
func bStack(s string) int {
	b := []byte(s)
	if len(b) > 0 {
		b[0]++
	}
	return cap(b)
}

//go:noinline
func bZero(s string) int { b := []byte(s); return cap(b) }

//go:noinline
func bCat(s, t string) int { b := []byte(s + t); sinkB = b; return cap(b) }

//go:noinline
func bCatStack(s, t string) int {
	b := []byte(s + t)
	if len(b) > 0 {
		b[0]++
	}
	return cap(b)
}

//go:noinline
func rEsc(s string) int { r := []rune(s); sinkR = r; return cap(r) }

//go:noinline
func rStack(s string) int { r := []rune(s); return cap(r) }

//go:noinline
func bGrow(s string, k int) (int, int) {
	b := []byte(s)
	c := append(b, make([]byte, k)...)
	return cap(b), cap(c)
}

//go:noinline
func bGrowEsc(s string, k int) (int, int) {
	b := []byte(s)
	c := append(b, make([]byte, k)...)
	sinkB = c
	return cap(b), cap(c)
}

//go:noinline
func rGrow(s string, k int) (int, int) {
	r := []rune(s)
	c := append(r, make([]rune, k)...)
	return cap(r), cap(c)
}

//go:noinline
func rGrowEsc(s string, k int) (int, int) {
	r := []rune(s)
	c := append(r, make([]rune, k)...)
	sinkR = c
	return cap(r), cap(c)
}

func main() {
	fmt.Println("const true 5", cap([]byte("hello")))
	b := []byte("hello")
	b[0]++
	fmt.Println("constmut true 5", cap(b))
	sinkB = []byte("hello")
	fmt.Println("constesc true 5", cap(sinkB))
	for n := 0; n <= 70; n++ {
		s := strings.Repeat("a", n)
		fmt.Println("esc true", n, bEsc(s))
		fmt.Println("stack true", n, bStack(s))
		fmt.Println("zero true", n, bZero(s))
		fmt.Println("cat true", n, bCat(s[:n/2], s[n/2:]))
		fmt.Println("catstack true", n, bCatStack(s[:n/2], s[n/2:]))
		for _, r := range []string{"a", "é", "€", "😀"} {
			u := strings.Repeat(r, n)
			fmt.Println("esc false", n, rEsc(u))
			fmt.Println("stack false", n, rStack(u))
		}
		for _, k := range []int{1, 8, 40} {
			c0, c1 := bGrow(s, k)
			fmt.Println("grow true", n, c0, c1, k)
			c0, c1 = bGrowEsc(s, k)
			fmt.Println("grow true", n, c0, c1, k)
			c0, c1 = rGrow(s, k)
			fmt.Println("grow false", n, c0, c1, k)
			c0, c1 = rGrowEsc(s, k)
			fmt.Println("grow false", n, c0, c1, k)
		}
	}
}
`

// TestConvCapsAgainstGo compiles convCapProg and checks that every
// capacity it prints is one convCaps allows, that every capacity convCaps
// allows for lengths 0..70 is printed by some way of compiling, and that
// an append after the conversion grows as ir.GrowCap says from the
// capacity the conversion gave.
func TestConvCapsAgainstGo(t *testing.T) {
	testutil.SkipShort(t, "compiles and runs a Go program")
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module prog\n\ngo 1.22\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "main.go"), []byte(convCapProg), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go run: %v", err)
	}
	elemOf := map[bool]*ir.Type{true: ir.U8, false: ir.I32}
	seen := map[string]bool{} // "bytes n cap"
	lines, grows := 0, 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		var isBytes bool
		var n, c int
		if _, err := fmt.Sscan(f[1]+" "+f[2]+" "+f[3], &isBytes, &n, &c); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		caps := convCaps(n, elemOf[isBytes], isBytes)
		if !slices.Contains(caps, c) {
			t.Errorf("%s: Go gives capacity %d, convCaps(%d, bytes %v) = %v", sc.Text(), c, n, isBytes, caps)
		}
		lines++
		if f[0] != "grow" {
			seen[fmt.Sprint(isBytes, n, c)] = true
			continue
		}
		var grown, k int
		if _, err := fmt.Sscan(f[4]+" "+f[5], &grown, &k); err != nil {
			t.Fatalf("%q: %v", sc.Text(), err)
		}
		want := c
		if n+k > c {
			want = ir.GrowCap(c, n+k, elemOf[isBytes])
		}
		if grown != want {
			t.Errorf("%s: append grows capacity %d to %d, GrowCap says %d", sc.Text(), c, grown, want)
		}
		grows++
	}
	if lines < 1000 || grows < 800 {
		t.Fatalf("%d lines (%d appends) read from the program: it did not run to the end", lines, grows)
	}
	t.Logf("%d conversions (%d appends) compared", lines, grows)
	// Every capacity convCaps allows is one some compilation gives: the
	// set is no larger than it needs to be.
	for _, isBytes := range []bool{true, false} {
		for n := 0; n <= 70; n++ {
			for _, c := range convCaps(n, elemOf[isBytes], isBytes) {
				if !seen[fmt.Sprint(isBytes, n, c)] {
					t.Errorf("convCaps(%d, bytes %v) allows %d, which no way of compiling gave", n, isBytes, c)
				}
			}
		}
	}
}
