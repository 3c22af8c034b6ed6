package ses

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"

	"rvcontent/shared/platform/mail"
)

// SES receives one signed SendEmail request with the message as its
// documented JSON body.
func TestSendSignsAndSends(t *testing.T) {
	var got struct {
		method, path, auth, date, token string
		body                            map[string]any
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.method, got.path, got.auth = r.Method, r.URL.Path, r.Header.Get("Authorization")
		got.date, got.token = r.Header.Get("X-Amz-Date"), r.Header.Get("X-Amz-Security-Token")
		b, _ := io.ReadAll(r.Body)
		_ = json.Unmarshal(b, &got.body)
		_, _ = io.WriteString(w, `{"MessageId":"m-1"}`)
	}))
	defer srv.Close()
	t.Setenv("AWS_ENDPOINT_URL_SESV2", srv.URL)
	s := New(aws.Config{Region: "eu-west-1", Credentials: credentials.NewStaticCredentialsProvider("AKIDEXAMPLE", "secret", "session")}, "no-reply@example.com")
	if err := s.Send(context.Background(), mail.Message{To: "owner@example.com", Subject: "Claim your account", Text: "Hello"}); err != nil {
		t.Fatal(err)
	}
	if got.method != "POST" || got.path != "/v2/email/outbound-emails" {
		t.Errorf("request %s %s", got.method, got.path)
	}
	if !strings.HasPrefix(got.auth, "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/") || !strings.Contains(got.auth, "/eu-west-1/ses/aws4_request") || got.date == "" || got.token != "session" {
		t.Errorf("signature: %q date %q token %q", got.auth, got.date, got.token)
	}
	want := `{"Content":{"Simple":{"Body":{"Text":{"Charset":"UTF-8","Data":"Hello"}},"Subject":{"Charset":"UTF-8","Data":"Claim your account"}}},"Destination":{"ToAddresses":["owner@example.com"]},"FromEmailAddress":"no-reply@example.com"}`
	if b, _ := json.Marshal(got.body); string(b) != want {
		t.Errorf("body %s", b)
	}
}

// A refusal is an error that names SES's error type and message.
func TestSendReportsRefusals(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Amzn-Errortype", "MessageRejected:http://internal.amazon.com/")
		w.WriteHeader(http.StatusBadRequest)
		_, _ = io.WriteString(w, `{"message":"Email address is not verified."}`)
	}))
	defer srv.Close()
	t.Setenv("AWS_ENDPOINT_URL_SESV2", srv.URL)
	s := New(aws.Config{Region: "eu-west-1", Credentials: credentials.NewStaticCredentialsProvider("a", "b", "")}, "no-reply@example.com")
	err := s.Send(context.Background(), mail.Message{To: "x@example.com", Subject: "s", Text: "t"})
	if err == nil || !strings.Contains(err.Error(), "MessageRejected") || !strings.Contains(err.Error(), "not verified") {
		t.Fatalf("err = %v", err)
	}
}
