// Channels: chan T is a *queue[T] (a buffer, a capacity, a closed flag), with one goroutine's semantics.

package replacements

// The front end lowers a channel of element type T to a pointer to a
// queue[T] (lower's chans.go): make, send, receive, close, len, cap and
// select become calls of the methods below, the receiver the channel (nil
// for a nil channel; make's is nil too). One goroutine runs: an
// operation that would block (a send with no room, a receive from an
// empty open channel, any of them on a nil channel, a select with no
// ready case and no default) blocks forever, which Go reports as "fatal
// error: all goroutines are asleep - deadlock!": the run is aborted with
// that reason (panic(fatal(...))). A select with more than one ready case
// is aborted too (panic(unmodelled(...))): Go chooses among them uniformly
// at random, and no one choice is the program's.

// plainError is runtime.plainError: the run time's panics about channels
// are run-time errors (runtime.Error) without the "runtime error: "
// prefix.
type plainError string

func (e plainError) Error() string { return string(e) }

// RuntimeError marks plainError a runtime.Error.
func (e plainError) RuntimeError() {}

// makechan's bound on a channel's buffer on linux/amd64: its elements'
// bytes at most maxAlloc (1<<48, runtime/malloc.go) less hchanSize (the
// channel's header rounded up to 8 bytes: 112 in Go 1.26's
// runtime/chan.go).
const (
	maxAlloc  = 1 << 48
	hchanSize = 112
)

// makeChanLimit is the largest buffer of elements of elemSize bytes
// makechan accepts: their bytes at most maxAlloc-hchanSize. The front end
// computes it from these constants (lower's chans.go); the differential
// test checks it against makechan.
func makeChanLimit(elemSize uint) uint {
	if elemSize == 0 {
		return ^uint(0)
	}
	return (maxAlloc - hchanSize) / elemSize
}

// queue is a channel: buf holds the values sent and not received, in
// order, size is the capacity, closed tells whether close was called.
type queue[T any] struct {
	buf    []T
	size   int
	closed bool
}

// makeChan is make(chan T, size) (the receiver is nil): size is int64(n)
// for make's n, as gc converts it (makechan64), limit is
// makeChanLimit(T's size in bytes).
func (*queue[T]) makeChan(size int, limit uint) *queue[T] {
	if size < 0 || uint(size) > limit {
		panic(plainError("makechan: size out of range"))
	}
	return &queue[T]{size: size}
}

// send is q <- v.
func (q *queue[T]) send(v T) {
	if q == nil {
		panic(fatal(deadlock + "send on a nil channel)"))
	}
	if q.closed {
		panic(plainError("send on closed channel"))
	}
	if len(q.buf) >= q.size {
		panic(fatal(deadlock + "send on a channel with no room)"))
	}
	q.buf = append(q.buf, v)
}

// recv is v, ok := <-q (and <-q, and each iteration of a range over q).
func (q *queue[T]) recv() (T, bool) {
	if q == nil {
		panic(fatal(deadlock + "receive from a nil channel)"))
	}
	if len(q.buf) == 0 {
		if q.closed {
			var zero T
			return zero, false
		}
		panic(fatal(deadlock + "receive from an empty open channel)"))
	}
	v := q.buf[0]
	q.buf = q.buf[1:]
	return v, true
}

// closeChan is close(q).
func (q *queue[T]) closeChan() {
	if q == nil {
		panic(plainError("close of nil channel"))
	}
	if q.closed {
		panic(plainError("close of closed channel"))
	}
	q.closed = true
}

// length is len(q).
func (q *queue[T]) length() int {
	if q == nil {
		return 0
	}
	return len(q.buf)
}

// capacity is cap(q).
func (q *queue[T]) capacity() int {
	if q == nil {
		return 0
	}
	return q.size
}

// recvReady tells whether a receive from q proceeds: a value is buffered,
// or q is closed.
func (q *queue[T]) recvReady() bool { return q != nil && (len(q.buf) > 0 || q.closed) }

// sendReady tells whether a send on q proceeds (or panics): there is
// room, or q is closed.
func (q *queue[T]) sendReady() bool { return q != nil && (q.closed || len(q.buf) < q.size) }

// selectRecv is the receive of a select's case, done when chosen (the
// zero value and false otherwise).
func (q *queue[T]) selectRecv(chosen bool) (T, bool) {
	if !chosen {
		var zero T
		return zero, false
	}
	return q.recv()
}

// selectSend is the send of a select's case, done when chosen.
func (q *queue[T]) selectSend(chosen bool, v T) {
	if chosen {
		q.send(v)
	}
}

// The select's choice: -1 while no case is ready, the index of the one
// ready case, selectMany when more than one is.
const selectMany = -2

// selectCase folds the readiness of case i into the choice so far.
func selectCase(choice, i int, ready bool) int {
	switch {
	case !ready:
		return choice
	case choice == -1:
		return i
	}
	return selectMany
}

// selectDone is the select's chosen case (-1: default), from the choice
// of its cases; blocking says it has no default.
func selectDone(choice int, blocking bool) int {
	if choice == selectMany {
		panic(unmodelled("select with more than one ready case (Go chooses one at random)"))
	}
	if choice == -1 && blocking {
		panic(fatal(deadlock + "select with no ready case)"))
	}
	return choice
}
