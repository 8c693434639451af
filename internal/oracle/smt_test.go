// smt_test.go: runs an SMT-LIB2 script through cvc5, then Z3 when cvc5 cannot answer in time, to re-check the proofs of unreachable verdicts.

package oracle

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"leapfrog/internal/indep"
	"leapfrog/internal/solver/z3"
)

// proofLimit bounds each solver's time on one proof. F122's whole-function
// proof (seed 1) takes cvc5 31 s on a quiet 2-core machine; 60 s ran out
// on a loaded one (both solvers "unknown": a disagreement on a proof that
// holds).
const proofLimit = 120 * time.Second

// evalSMT2 evaluates script, read from its text as a user would, and
// returns the answer of its last (check-sat): "sat", "unsat" or "unknown".
// cvc5's command line first (a process with a real time limit: faster on
// these proofs than Z3, which once ran a 60 KB re-proof for minutes
// without heeding its interrupts), then Z3 (z3.EvalSMT2: its text
// evaluator in a fresh context, not leapfrog's translation of terms) when
// cvc5 cannot decide within proofLimit, in a subprocess killed after
// proofLimit (z3Process: Z3 was seen running a 565 KB proof of a random
// program for 15 minutes past its interrupts, to the end of CI's time).
//
// A script of several queries separated by (reset) (an invariant's
// certificate: initiation, consecution, safety) answers unsat when each of
// them does, else the first other answer.
func evalSMT2(script string) (string, error) {
	for _, q := range strings.Split(script, "(reset)\n") {
		got, err := indep.CVC5(q, proofLimit)
		if err == nil && got == "unknown" {
			got, err = z3Process(q, proofLimit)
		}
		if err != nil || got != "unsat" {
			return got, err
		}
	}
	return "unsat", nil
}

// z3Process evaluates script with z3.EvalSMT2 in a subprocess (the test
// binary, TestMain's z3Env), killed after limit: "unknown" then.
func z3Process(script string, limit time.Duration) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit+5*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0])
	cmd.Env = append(os.Environ(), z3Env+"=1")
	cmd.Stdin = strings.NewReader(script)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if ctx.Err() != nil {
		return "unknown", nil
	}
	if err != nil {
		return "", fmt.Errorf("z3 subprocess: %v: %s", err, strings.TrimSpace(errb.String()))
	}
	return strings.TrimSpace(out.String()), nil
}

// serveZ3 is the subprocess of z3Process: it evaluates the script on in
// with Z3 (interrupted after proofLimit, if Z3 heeds it) and writes the
// answer to out.
func serveZ3(in io.Reader, out io.Writer) int {
	script, err := io.ReadAll(in)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	got, err := z3.EvalSMT2(string(script), proofLimit)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Fprintln(out, got)
	return 0
}
