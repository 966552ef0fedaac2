// go-baseline: times Go's standard-library header parser, mime.ParseMediaType, on the same
// Content-Disposition and Content-Type inputs as filenamekit-bench, with the same method: thread CPU
// time (clock_gettime(CLOCK_THREAD_CPUTIME_ID) on a goroutine locked to its OS thread), a warm-up
// that calibrates one fixed iteration count, then several timed runs; median and min per operation.
//
// filenamekit-bench builds this file into a temporary directory and runs it when `go` is on PATH:
//
//	go-baseline [-quick] INPUTS.json
//
// INPUTS.json is [{"name": "...", "header_hex": "..."}, ...]; the output is one JSON object per
// input and line: {"name", "median_ns", "min_ns", "allocations", "iterations", "runs", "answer"}.
// The Go runtime's background GC workers run on other threads, so their CPU time is not counted
// (allocation-heavy code is favoured slightly); GC assists on this thread are counted.
package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"mime"
	"os"
	"runtime"
	"sort"
	"syscall"
	"unsafe"
)

type input struct {
	Name      string `json:"name"`
	HeaderHex string `json:"header_hex"`
}

type row struct {
	Name        string    `json:"name"`
	MedianNs    float64   `json:"median_ns"`
	MinNs       float64   `json:"min_ns"`
	Allocations float64   `json:"allocations"`
	Iterations  int       `json:"iterations"`
	Runs        []float64 `json:"runs"`
	Answer      string    `json:"answer"`
}

const clockThreadCPUTimeID = 3 // CLOCK_THREAD_CPUTIME_ID on Linux

// threadCPUNanos is the CPU time of the calling OS thread.
func threadCPUNanos() uint64 {
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return uint64(ts.Sec)*1_000_000_000 + uint64(ts.Nsec)
}

// sink keeps results alive so the calls cannot be optimized away.
var sink int

func body(header string, n int) {
	for i := 0; i < n; i++ {
		t, params, err := mime.ParseMediaType(header)
		sink += len(t) + len(params)
		if err != nil {
			sink++
		}
	}
}

func measure(header string, runTarget uint64, runs int) (iterations int, samples []float64) {
	body(header, 1)
	n := 1
	var elapsed uint64
	for {
		t0 := threadCPUNanos()
		body(header, n)
		elapsed = threadCPUNanos() - t0
		if elapsed >= runTarget/10 || n >= 1<<30 {
			break
		}
		factor := 16
		if elapsed > 0 {
			factor = int(runTarget / 10 / elapsed)
			if factor < 2 {
				factor = 2
			}
			if factor > 16 {
				factor = 16
			}
		}
		n *= factor
	}
	perCall := float64(elapsed) / float64(n)
	if perCall < 1 {
		perCall = 1
	}
	iterations = int(float64(runTarget) / perCall)
	if iterations < 1 {
		iterations = 1
	}
	for r := 0; r < runs; r++ {
		t0 := threadCPUNanos()
		body(header, iterations)
		samples = append(samples, float64(threadCPUNanos()-t0)/float64(iterations))
	}
	return
}

func allocationsPerOp(header string) float64 {
	const calls = 64
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	body(header, calls)
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / calls
}

func main() {
	runtime.LockOSThread()
	args := os.Args[1:]
	quick := false
	if len(args) > 0 && args[0] == "-quick" {
		quick = true
		args = args[1:]
	}
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "usage: go-baseline [-quick] INPUTS.json")
		os.Exit(64)
	}
	data, err := os.ReadFile(args[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var inputs []input
	if err := json.Unmarshal(data, &inputs); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	runTarget, runs := uint64(60_000_000), 7
	if quick {
		runTarget, runs = 2_000_000, 5
	}
	out := json.NewEncoder(os.Stdout)
	for _, in := range inputs {
		raw, err := hex.DecodeString(in.HeaderHex)
		if err != nil {
			fmt.Fprintln(os.Stderr, in.Name, err)
			os.Exit(1)
		}
		header := string(raw)
		t, params, perr := mime.ParseMediaType(header)
		answer := t
		if name, ok := params["filename"]; ok {
			answer = name
		}
		if perr != nil {
			answer = "error: " + perr.Error()
		}
		iterations, samples := measure(header, runTarget, runs)
		sorted := append([]float64(nil), samples...)
		sort.Float64s(sorted)
		median := sorted[len(sorted)/2]
		if len(sorted)%2 == 0 {
			median = (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
		}
		out.Encode(row{
			Name: in.Name, MedianNs: median, MinNs: sorted[0], Allocations: allocationsPerOp(header),
			Iterations: iterations, Runs: samples, Answer: answer,
		})
	}
}
