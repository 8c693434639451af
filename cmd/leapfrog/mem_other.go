// The machine's memory elsewhere: unknown, so no soft limit.

//go:build !linux

package main

// totalMemory is the machine's memory in bytes (0: unknown).
func totalMemory() uint64 { return 0 }
