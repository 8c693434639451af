// Differential test: gc's order of evaluation in a statement a goto jumps to (the temporaries go after the label), against the compiled program.

package engine

import (
	"fmt"
	"strings"
	"testing"

	"leapfrog/internal/expr"
	"leapfrog/internal/lower"
)

const gotoOrderSrc = `package main

import "fmt"

var calls int

func g(y int8) int8 { calls++; return 10 / y }

// Goto's labelled statement calls g before it indexes a: with i out of
// range and y zero, gc panics dividing, not indexing; each jump back
// calls g again.
func Goto(a [2]int8, i uint8, y int8) int8 {
	n := int8(0)
again:
	n += a[i] + g(y)
	if n < 5 {
		goto again
	}
	return n
}

func main() {
	for i := uint8(0); i < 4; i++ {
		for y := int8(-2); y <= 2; y++ {
			func() {
				defer func() {
					if r := recover(); r != nil {
						fmt.Println("panic:", r)
					}
				}()
				fmt.Println(Goto([2]int8{1, -3}, i, y))
			}()
		}
	}
}
`

// TestGotoOrderAgainstGo runs Goto in the engine on every input of the
// compiled program: same result, or the same run-time panic.
func TestGotoOrderAgainstGo(t *testing.T) {
	dir, want := runProgram(t, gotoOrderSrc)
	res, err := lower.Load(dir, []string{"Goto"})
	if err != nil || len(res.Errors) > 0 || len(res.Targets) != 1 {
		t.Fatalf("Goto not lowered: %v %v", err, res.Errors)
	}
	e := New(expr.NewBuilder(), 10)
	k, panics := 0, 0
	for i := uint8(0); i < 4; i++ {
		for y := int8(-2); y <= 2; y++ {
			model := map[string]uint64{"a[0]": 1, "a[1]": uint64(uint8(256 - 3)), "i": uint64(i), "y": uint64(uint8(y))}
			p := e.Run(res.Targets[0].Func, model)
			var got string
			switch {
			case p.Aborted != "":
				got = "aborted: " + p.Aborted
			case p.Panic != "":
				got, panics = "panic: runtime error: "+p.Panic, panics+1
			default:
				got = fmt.Sprint(int8(p.Outputs[0].Bits))
			}
			// The engine's panic text has no operands ("index out of
			// range", not "[2] with length 2").
			if got != want[k] && !(p.Panic != "" && strings.HasPrefix(want[k], got+" [")) {
				t.Errorf("Goto(i=%d, y=%d): got %q, want %q", i, y, got, want[k])
			}
			k++
		}
	}
	if panics == 0 || k != len(want) {
		t.Errorf("%d panics, %d of %d lines compared", panics, k, len(want))
	}
}
