package audit25p

import (
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// rawReceiver serves TLS on loopback under a fresh public-looking host
// name, reads each request and lets answer write whatever bytes it likes
// on the connection before closing it. It returns the endpoint URL, with
// a token in its query as receivers often have.
func rawReceiver(t *testing.T, env *testenv.Env, answer func(c net.Conn)) string {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			return
		}
		defer c.Close()
		answer(c)
	}))
	t.Cleanup(srv.Close)
	host := "a25p-" + strings.ReplaceAll(time.Now().Format("150405.000000"), ".", "") + ".example.com"
	env.SetHost(t, host, srv.Listener.Addr().String())
	return "https://" + host + "/hook?token=" + secretToken
}

// secretToken is the token in a receiver URL's query.
const secretToken = "s3cr3t-token"

// TestAnAnswerThatIsNotHTTPIsAFailureInWordsWithoutTheURL proves the
// README's "`error` is null on success, otherwise a sentence" (Webhooks)
// for a receiver whose answer is not HTTP at all: the sentence says so in
// the service's words and, like every other failure sentence, does not
// repeat the endpoint URL, whose query may hold a token (audit23g's TLS
// failure). Before the fix the sentence quoted Go's own error, which
// starts with `Post "https://…/hook?token=s3cr3t-token":`, into the
// test answer and the attempt log.
func TestAnAnswerThatIsNotHTTPIsAFailureInWordsWithoutTheURL(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	url := rawReceiver(t, env, func(c net.Conn) { c.Write([]byte("garbage here\r\n\r\n")) })
	wh := testenv.CreateWebhook(t, acct.Client, url, "billing.ended")
	d := acct.Client.SendWebhookTest(t, wh.ID)
	if d.Status != nil || d.Error == nil {
		t.Fatalf("answer that is not HTTP: status %v, error %v", d.Status, d.Error)
	}
	msg := *d.Error
	if !strings.HasPrefix(msg, "The request failed because") || strings.Contains(msg, secretToken) || strings.Contains(msg, "Post ") || strings.Contains(msg, "net/http") {
		t.Fatalf("error sentence %q: want the service's words, without the URL or Go's error", msg)
	}
	log := testenv.Attempts(t, acct.Client, wh.ID)
	if len(log) != 1 || log[0].Error == nil || *log[0].Error != msg {
		t.Fatalf("attempt log: %+v", log)
	}
}
