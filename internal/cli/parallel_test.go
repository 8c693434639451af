// parallelAfter: every item once, each after the items it waits for, whatever the parallelism.

package cli

import (
	"sync"
	"testing"
)

func TestParallelAfter(t *testing.T) {
	const n = 40
	// Item i waits for i+1 when i is even, and for i+3 when i%5 == 0:
	// the order is far from the index order.
	after := func(i int) []int {
		var ds []int
		if i%2 == 0 && i+1 < n {
			ds = append(ds, i+1)
		}
		if i%5 == 0 && i+3 < n {
			ds = append(ds, i+3)
		}
		return ds
	}
	for _, par := range []int{1, 2, 7} {
		var mu sync.Mutex
		done := make([]int, n)
		parallelAfter(n, par, after, func(i int) {
			mu.Lock()
			defer mu.Unlock()
			for _, j := range after(i) {
				if done[j] != 1 {
					t.Errorf("-p %d: %d started before %d was done", par, i, j)
				}
			}
			done[i]++
		})
		for i, d := range done {
			if d != 1 {
				t.Errorf("-p %d: item %d ran %d times", par, i, d)
			}
		}
	}
}
