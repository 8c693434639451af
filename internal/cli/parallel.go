// Running work items on at most N goroutines.

package cli

import "sync"

// parallel calls f(0), ..., f(n-1) on at most par goroutines and waits for
// them. f must write only its own results (indexed by i).
func parallel(n, par int, f func(i int)) {
	if par < 1 {
		par = 1
	}
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(par, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
}

// parallelAfter calls f(0), ..., f(n-1) on at most par goroutines, each
// f(i) once every f(j) for j in after(i) has returned (the dependencies
// must be acyclic), the lowest ready i first, and waits for them.
func parallelAfter(n, par int, after func(i int) []int, f func(i int)) {
	if par < 1 {
		par = 1
	}
	var mu sync.Mutex
	ready := sync.NewCond(&mu)
	started, done := make([]bool, n), make([]bool, n)
	next := func() int { // the lowest ready item, -1 when none is; mu held
		for i := range n {
			if started[i] {
				continue
			}
			ok := true
			for _, j := range after(i) {
				ok = ok && done[j]
			}
			if ok {
				return i
			}
		}
		return -1
	}
	left := n
	var wg sync.WaitGroup
	for w := 0; w < min(par, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			for left > 0 {
				i := next()
				if i < 0 {
					ready.Wait()
					continue
				}
				started[i] = true
				left--
				mu.Unlock()
				f(i)
				mu.Lock()
				done[i] = true
				ready.Broadcast()
			}
		}()
	}
	wg.Wait()
}
