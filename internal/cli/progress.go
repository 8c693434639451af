// Progress on stderr: a status line redrawn in place on a terminal, plain lines otherwise, nothing with -q.

package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"
)

// progress follows the analysis of a run's functions. On a terminal it keeps
// one status line (functions done, the function most recently started with
// its objectives decided out of the total, its cases, the time) redrawn in
// place; every other output of the run goes through it so that the line is
// cleared first and redrawn after. Otherwise it prints a plain line per
// function finished. All methods are safe for concurrent use.
type progress struct {
	mu      sync.Mutex
	stdout  io.Writer
	stderr  io.Writer
	cmd     string
	tty     bool
	quiet   bool
	width   int
	total   int
	done    int
	start   time.Time
	running []*fnProgress // in the order started
	shown   bool          // the status line is on the screen
	stop    chan struct{}
	stopped chan struct{}
}

// fnProgress is one function being analysed; the search updates it through
// atomics (search.Config.OnRun).
type fnProgress struct {
	label                      string
	start                      time.Time
	covered, objectives, cases atomic.Int64
}

func (f *fnProgress) onRun(covered, objectives, cases int) {
	f.covered.Store(int64(covered))
	f.objectives.Store(int64(objectives))
	f.cases.Store(int64(cases))
}

// redraw is how often the status line is redrawn.
const redraw = 150 * time.Millisecond

// newProgress prepares the progress of total functions. stderr decides the
// mode: a terminal gets the status line.
func newProgress(cmd string, total int, quiet bool, stdout, stderr io.Writer) *progress {
	p := &progress{stdout: stdout, stderr: stderr, cmd: cmd, quiet: quiet, total: total, start: time.Now()}
	if f, ok := stderr.(*os.File); ok && !quiet {
		p.tty, p.width = terminalWidth(f)
	}
	if p.tty {
		p.stop, p.stopped = make(chan struct{}), make(chan struct{})
		go p.loop()
	}
	return p
}

func (p *progress) loop() {
	defer close(p.stopped)
	t := time.NewTicker(redraw)
	defer t.Stop()
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
			p.mu.Lock()
			p.draw()
			p.mu.Unlock()
		}
	}
}

// begin records that a function's analysis starts.
func (p *progress) begin(label string) *fnProgress {
	f := &fnProgress{label: label, start: time.Now()}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.running = append(p.running, f)
	if p.tty {
		p.draw()
	}
	return f
}

// end records that a function's analysis ended, with its final numbers.
func (p *progress) end(f *fnProgress, decided, objectives, cases int, note string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, r := range p.running {
		if r == f {
			p.running = append(p.running[:i], p.running[i+1:]...)
			break
		}
	}
	p.done++
	switch {
	case p.quiet:
	case p.tty:
		p.draw()
	default:
		fmt.Fprintf(p.stderr, "leapfrog %s: [%d/%d] %s: %d/%d objectives decided, %d cases, %s%s\n",
			p.cmd, p.done, p.total, f.label, decided, objectives, cases, roundDur(time.Since(f.start)), note)
	}
}

// drop takes n functions off the total (a stream's rejections, known once
// their package is lowered).
func (p *progress) drop(n int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.total -= n
}

// draw writes the status line (p.mu held).
func (p *progress) draw() {
	if !p.tty {
		return
	}
	line := fmt.Sprintf("leapfrog %s: [%d/%d] %s", p.cmd, p.done, p.total, roundDur(time.Since(p.start)))
	if n := len(p.running); n > 0 {
		f := p.running[n-1]
		line += fmt.Sprintf(" · %s: %d/%d objectives decided, %d cases, %s", f.label,
			f.covered.Load(), f.objectives.Load(), f.cases.Load(), roundDur(time.Since(f.start)))
		if n > 1 {
			line += fmt.Sprintf(" (+%d running)", n-1)
		}
	}
	fmt.Fprint(p.stderr, "\r"+truncate(line, p.width-1)+"\x1b[K")
	p.shown = true
}

// clear takes the status line off the screen (p.mu held).
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.stderr, "\r\x1b[K")
		p.shown = false
	}
}

// print writes text to w (stdout or stderr) around the status line.
func (p *progress) print(w io.Writer, text string) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
	io.WriteString(w, text)
}

// finish stops the status line and clears it.
func (p *progress) finish() {
	if p.stop != nil {
		close(p.stop)
		<-p.stopped
		p.stop = nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

func truncate(s string, width int) string {
	if width < 10 || utf8.RuneCountInString(s) <= width {
		return s
	}
	r := []rune(s)
	return string(r[:width-1]) + "…"
}

func roundDur(d time.Duration) time.Duration {
	if d < time.Second {
		return d.Round(time.Millisecond)
	}
	return d.Round(100 * time.Millisecond)
}
