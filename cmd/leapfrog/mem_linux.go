// The machine's memory on Linux, for the collector's soft limit.

package main

import "syscall"

// totalMemory is the machine's memory in bytes (0: unknown).
func totalMemory() uint64 {
	var si syscall.Sysinfo_t
	if err := syscall.Sysinfo(&si); err != nil {
		return 0
	}
	return uint64(si.Totalram) * uint64(si.Unit)
}
