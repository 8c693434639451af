//go:build linux

// Progress: the status line under a pseudo-terminal, plain lines otherwise, silence with -q.

package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"unsafe"
)

// openPTY opens a pseudo-terminal pair of the given width with /dev/ptmx.
func openPTY(t *testing.T, cols uint16) (master, slave *os.File) {
	t.Helper()
	m, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Fatalf("open /dev/ptmx: %v", err)
	}
	ioctl := func(f *os.File, req uintptr, arg unsafe.Pointer) {
		if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, f.Fd(), req, uintptr(arg)); e != 0 {
			t.Fatalf("ioctl %#x: %v", req, e)
		}
	}
	var unlock int32
	ioctl(m, syscall.TIOCSPTLCK, unsafe.Pointer(&unlock))
	var n uint32
	ioctl(m, syscall.TIOCGPTN, unsafe.Pointer(&n))
	s, err := os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("open the pty's slave: %v", err)
	}
	ws := struct{ row, col, x, y uint16 }{24, cols, 0, 0}
	ioctl(s, syscall.TIOCSWINSZ, unsafe.Pointer(&ws))
	return m, s
}

// TestProgressTerminal runs gen with stderr on a pseudo-terminal: a status
// line redrawn in place (carriage return, the line, erase to the end), no
// wider than the terminal, cleared at the end; stdout is unaffected.
func TestProgressTerminal(t *testing.T) {
	paper := filepath.Join(benchCopy(t), "paper")
	m, s := openPTY(t, 100)
	defer m.Close()
	var tty bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		io.Copy(&tty, m) // until the slave side is closed (EIO)
	}()
	var stdout bytes.Buffer
	code := Main([]string{"gen", "-o", filepath.Join(t.TempDir(), "x_test.go"), paper, "Count", "G"}, &stdout, s)
	s.Close()
	<-done
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, tty.String())
	}
	out := tty.String()
	draws := regexp.MustCompile(`\r(leapfrog gen: \[[0-9]/2\] [^\r\n\x1b]*)\x1b\[K`).FindAllStringSubmatch(out, -1)
	if len(draws) < 2 {
		t.Fatalf("%d status lines drawn, want several; terminal got %q", len(draws), out)
	}
	sawFunc := false
	for _, d := range draws {
		if len([]rune(d[1])) > 99 {
			t.Errorf("status line wider than the terminal (100): %q", d[1])
		}
		if regexp.MustCompile(`· (Count|G): [0-9]+/[0-9]+ objectives decided, [0-9]+ cases, [0-9.]+m?s`).MatchString(d[1]) {
			sawFunc = true
		}
	}
	if !sawFunc {
		t.Errorf("no status line names the function with its objectives, cases and time: %q", draws)
	}
	if !strings.HasSuffix(out, "\r\x1b[K") {
		t.Errorf("the status line is not cleared at the end: %q", out[max(0, len(out)-80):])
	}
	if strings.Contains(out, "objectives decided, ") && strings.Contains(out, "\n") {
		t.Errorf("plain progress lines on a terminal: %q", out)
	}
	if !strings.Contains(stdout.String(), "Count (treefrog): ") || strings.Contains(stdout.String(), "\x1b") {
		t.Errorf("stdout: %q", stdout.String())
	}
}

// TestProgressPlain: stderr not a terminal gets one plain line per function;
// -q silences it.
func TestProgressPlain(t *testing.T) {
	paper := filepath.Join(benchCopy(t), "paper")
	out := filepath.Join(t.TempDir(), "x_test.go")
	code, stdout, stderr := run("gen", "-o", out, paper, "G", "M")
	if code != 0 {
		t.Fatalf("exit %d: %s%s", code, stdout, stderr)
	}
	want := regexp.MustCompile(`^leapfrog gen: \[1/2\] (G|M): [0-9]+/[0-9]+ objectives decided, [0-9]+ cases, [0-9.]+m?s\nleapfrog gen: \[2/2\] (G|M): [0-9]+/[0-9]+ objectives decided, [0-9]+ cases, [0-9.]+m?s\n$`)
	if !want.MatchString(stderr) {
		t.Errorf("stderr %q, want two plain progress lines", stderr)
	}
	code, stdout, stderr = run("gen", "-q", "-o", out, paper, "G", "M")
	if code != 0 || stderr != "" {
		t.Errorf("-q: exit %d, stderr %q", code, stderr)
	}
	if strings.Contains(stdout, "G (treefrog)") || !strings.Contains(stdout, "total: 2 functions") {
		t.Errorf("-q: stdout %q, want the totals only", stdout)
	}
	if _, err := os.Stat(out); errors.Is(err, os.ErrNotExist) {
		t.Error("-q wrote no test")
	}
}
