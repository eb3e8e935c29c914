// A Go program for the differential flame graph tests: three functions that do the
// same CPU work, main.transform twice as much when DIFF_FLAMEGRAPH_SLOW is set, profiled by runtime/pprof into the file named by the first argument (Go's own
// CPU profile: sample types samples/count and cpu/nanoseconds). Nothing allocates in
// the loop, so that the garbage collector adds no frames of its own.
package main

import (
	"os"
	"runtime/pprof"
)

var sink uint64

// Each function spins in its own loop, so that its CPU time is its own (self) time.
const iterations = 36_000_000

//go:noinline
func parse() {
	for i := uint64(0); i < iterations; i++ {
		sink += i ^ sink
	}
}

//go:noinline
func transform(factor int) {
	for i := uint64(0); i < uint64(factor)*iterations; i++ {
		sink += i ^ sink
	}
}

//go:noinline
func write() {
	for i := uint64(0); i < iterations; i++ {
		sink += i ^ sink
	}
}

func main() {
	factor := 1
	if os.Getenv("DIFF_FLAMEGRAPH_SLOW") != "" {
		factor = 2
	}
	out, err := os.Create(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := pprof.StartCPUProfile(out); err != nil {
		panic(err)
	}
	for round := 0; round < 40; round++ {
		parse()
		transform(factor)
		write()
	}
	pprof.StopCPUProfile()
	if err := out.Close(); err != nil {
		panic(err)
	}
}
