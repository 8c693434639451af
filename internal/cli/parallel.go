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
