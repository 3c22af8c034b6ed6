package bench

import (
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"rvcontent/shared/edge/gateway"
)

// trivial is the route both servers of the adapter row serve.
func trivial(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	_, _ = io.WriteString(w, `{"ok":true}`)
}

// viaGateway serves h the way the dev stack serves a route: the request
// becomes its API Gateway v2 event, the function's adapter runs h, and the
// answer is written back.
func viaGateway(h http.Handler) http.Handler {
	fn := gateway.Handler(h, nil)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		if r.ContentLength != 0 {
			body, _ = io.ReadAll(r.Body)
		}
		resp, err := fn(r.Context(), gateway.Event(r, "GET /ping", nil, body))
		if err != nil {
			w.WriteHeader(http.StatusInternalServerError)
			return
		}
		gateway.WriteResponse(w, resp)
	})
}

// serve starts h on a loopback port and returns its URL.
func serve(t *testing.T, h http.Handler) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String() + "/ping"
}

// heyPath finds hey: $HEY, then the tool cache's bin, then PATH.
func heyPath() string {
	if p := os.Getenv("HEY"); p != "" {
		return p
	}
	for _, dir := range []string{os.Getenv("CACHE_DIR"), "../../.cache"} {
		if dir == "" {
			continue
		}
		if p := filepath.Join(dir, "bin", "hey"); fileExists(p) {
			return p
		}
	}
	p, _ := exec.LookPath("hey")
	return p
}

func fileExists(p string) bool {
	st, err := os.Stat(p)
	return err == nil && !st.IsDir()
}

var rpsLine = regexp.MustCompile(`Requests/sec:\s+([0-9.]+)`)

// hey loads url with 32 concurrent callers for a while and returns the
// requests per second.
func hey(t *testing.T, bin, url string) float64 {
	out, err := exec.Command(bin, "-c", "32", "-z", "2s", url).CombinedOutput()
	if err != nil {
		t.Fatalf("hey: %v: %s", err, out)
	}
	m := rpsLine.FindSubmatch(out)
	if m == nil {
		t.Fatalf("hey printed no Requests/sec: %s", out)
	}
	rps, _ := strconv.ParseFloat(string(m[1]), 64)
	return rps
}
