// The second solver: cvc5's command line, one process per function, queries in push/pop scopes.

package indep

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// cvc5Path is where Debian's cvc5 package installs the command.
const cvc5Path = "/usr/bin/cvc5"

// findCVC5 returns the cvc5 command to run: path if given, else cvc5 on
// $PATH, else /usr/bin/cvc5.
func findCVC5(path string) string {
	if path != "" {
		return path
	}
	if p, err := exec.LookPath("cvc5"); err == nil {
		return p
	}
	return cvc5Path
}

// tlimit is cvc5's per-query time limit in milliseconds (0: none).
func tlimit(timeout time.Duration) int64 {
	if timeout <= 0 {
		return 0
	}
	return int64((timeout + time.Millisecond - 1) / time.Millisecond)
}

// cvc5Args are the options of a cvc5 run. Sessions bit-blast eagerly: on
// the bench's queries (small bit-vector formulas, many scopes) that halves
// cvc5's time against its default lazy bit-blasting.
func cvc5Args(timeout time.Duration, incremental bool) []string {
	args := []string{"--lang=smt2"}
	if incremental {
		args = append(args, "--incremental", "--bitblast=eager")
	}
	if ms := tlimit(timeout); ms > 0 {
		args = append(args, fmt.Sprintf("--tlimit-per=%d", ms))
	}
	return args
}

// CVC5 runs a self-contained SMT-LIB2 script through cvc5's command line
// (each check-sat limited to timeout; 0: none) and returns what cvc5 printed,
// trimmed: "unsat" for a script ending in one (check-sat) that is a proof.
// An error printed by cvc5, or its failure to run, is an error.
func CVC5(script string, timeout time.Duration) (string, error) {
	cmd := exec.Command(findCVC5(""), cvc5Args(timeout, false)...)
	cmd.Stdin = strings.NewReader(script)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	answer := strings.TrimSpace(out.String())
	if err != nil {
		return answer, fmt.Errorf("cvc5: %v: %s", err, firstLine(strings.TrimSpace(errb.String()+" "+answer)))
	}
	if strings.Contains(answer, "(error") {
		return answer, fmt.Errorf("cvc5: %s", firstLine(answer[strings.Index(answer, "(error"):]))
	}
	return answer, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// session is one interactive cvc5 process: commands are written to its
// standard input, and each answer is read before the next command that
// depends on it.
type session struct {
	cmd     *exec.Cmd
	in      io.WriteCloser
	answers chan string
	stderr  bytes.Buffer
	wait    time.Duration // how long to wait for an answer before giving up
	broken  string        // why the session is unusable ("" if it is not)
}

func startSession(path string, timeout time.Duration) (*session, error) {
	s := &session{}
	s.cmd = exec.Command(findCVC5(path), cvc5Args(timeout, true)...)
	s.cmd.Stderr = &s.stderr
	var err error
	if s.in, err = s.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	out, err := s.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.cmd.Start(); err != nil {
		return nil, fmt.Errorf("cvc5: %v", err)
	}
	s.wait = 2*timeout + 30*time.Second
	if timeout <= 0 {
		s.wait = time.Hour
	}
	s.answers = make(chan string, 16)
	go readAnswers(bufio.NewReader(out), s.answers)
	return s, nil
}

// readAnswers splits cvc5's output into top-level tokens and s-expressions.
func readAnswers(r *bufio.Reader, ch chan<- string) {
	defer close(ch)
	for {
		x, err := readSexp(r)
		if x != "" {
			ch <- x
		}
		if err != nil {
			return
		}
	}
}

// send writes commands.
func (s *session) send(cmds string) {
	if s.broken != "" {
		return
	}
	if _, err := io.WriteString(s.in, cmds); err != nil {
		s.fail("cvc5: " + err.Error())
	}
}

// answer reads the next answer.
func (s *session) answer() string {
	if s.broken != "" {
		return ""
	}
	select {
	case a, ok := <-s.answers:
		if !ok {
			s.fail("cvc5 stopped: " + firstLine(strings.TrimSpace(s.stderr.String())))
			return ""
		}
		if strings.HasPrefix(a, "(error") {
			s.fail("cvc5: " + a)
			return ""
		}
		return a
	case <-time.After(s.wait):
		s.fail(fmt.Sprintf("cvc5: no answer within %v", s.wait))
		return ""
	}
}

func (s *session) fail(why string) {
	if s.broken == "" {
		s.broken = why
	}
	s.cmd.Process.Kill()
}

// check decides the assertions in scope: "sat", "unsat", or "unknown" with
// cvc5's reason.
func (s *session) check() (string, string) {
	s.send("(check-sat)\n")
	a := s.answer()
	switch a {
	case "sat", "unsat":
		return a, ""
	case "unknown":
		s.send("(get-info :reason-unknown)\n")
		r := s.answer()
		r = strings.TrimSuffix(strings.TrimPrefix(r, "(:reason-unknown "), ")")
		return "unknown", "cvc5: unknown (" + r + ")"
	}
	if s.broken != "" {
		return "unknown", s.broken
	}
	return "unknown", "cvc5: unexpected answer " + a
}

// close ends the process.
func (s *session) close() {
	s.in.Close()
	done := make(chan struct{})
	go func() {
		for range s.answers {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		s.cmd.Process.Kill()
	}
	s.cmd.Wait()
}

// readSexp reads one top-level token or balanced s-expression ("" at EOF).
func readSexp(r *bufio.Reader) (string, error) {
	var sb strings.Builder
	depth := 0
	inBar, inStr := false, false
	for {
		c, err := r.ReadByte()
		if err != nil {
			return strings.TrimSpace(sb.String()), err
		}
		switch {
		case inBar:
			inBar = c != '|'
		case inStr:
			inStr = c != '"'
		case c == '|':
			inBar = true
		case c == '"':
			inStr = true
		case c == '(':
			depth++
		case c == ')':
			depth--
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			if depth == 0 {
				if sb.Len() > 0 {
					return sb.String(), nil
				}
				continue
			}
		}
		sb.WriteByte(c)
		if depth == 0 && c == ')' {
			return sb.String(), nil
		}
	}
}

// parseModel reads cvc5's answer to (get-value (v ...)): ((v #b0101) (b true) ...).
func parseModel(a string, widths map[string]int) (map[string]uint64, error) {
	toks := tokenize(a)
	if len(toks) < 2 || toks[0] != "(" || toks[len(toks)-1] != ")" {
		return nil, fmt.Errorf("cvc5: malformed model %q", a)
	}
	m := map[string]uint64{}
	toks = toks[1 : len(toks)-1]
	for len(toks) > 0 {
		if len(toks) < 4 || toks[0] != "(" {
			return nil, fmt.Errorf("cvc5: malformed model %q", a)
		}
		name := unsymbol(toks[1])
		var v uint64
		var rest []string
		switch {
		case toks[2] == "true" || toks[2] == "false":
			if toks[2] == "true" {
				v = 1
			}
			rest = toks[3:]
		case strings.HasPrefix(toks[2], "#b"):
			for _, c := range toks[2][2:] {
				v = v<<1 | uint64(c-'0')
			}
			rest = toks[3:]
		case strings.HasPrefix(toks[2], "#x"):
			if _, err := fmt.Sscanf(toks[2][2:], "%x", &v); err != nil {
				return nil, fmt.Errorf("cvc5: bad value %s", toks[2])
			}
			rest = toks[3:]
		case toks[2] == "(" && len(toks) >= 7 && toks[3] == "_" && strings.HasPrefix(toks[4], "bv"):
			if _, err := fmt.Sscanf(toks[4][2:], "%d", &v); err != nil {
				return nil, fmt.Errorf("cvc5: bad value %s", toks[4])
			}
			rest = toks[7:]
		default:
			return nil, fmt.Errorf("cvc5: unexpected value %q in %q", toks[2], a)
		}
		if len(rest) == 0 || rest[0] != ")" {
			return nil, fmt.Errorf("cvc5: malformed model %q", a)
		}
		if _, ok := widths[name]; !ok {
			return nil, fmt.Errorf("cvc5: value of unknown variable %q", name)
		}
		m[name] = v
		toks = rest[1:]
	}
	return m, nil
}

// tokenize splits an s-expression into parentheses and atoms (|quoted| atoms kept whole).
func tokenize(s string) []string {
	var toks []string
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '(' || c == ')':
			toks = append(toks, string(c))
			i++
		case c == ' ' || c == '\n' || c == '\t' || c == '\r':
			i++
		case c == '|':
			j := strings.IndexByte(s[i+1:], '|')
			if j < 0 {
				j = len(s) - i - 2
			}
			toks = append(toks, s[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(s) && !strings.ContainsRune("() \n\t\r", rune(s[j])) {
				j++
			}
			toks = append(toks, s[i:j])
			i = j
		}
	}
	return toks
}
