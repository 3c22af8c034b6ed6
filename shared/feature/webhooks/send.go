package webhooks

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/egress"
)

// maxResponse is the most of an endpoint's answer read (and discarded).
const maxResponse = 64 << 10

// Result is the outcome of one attempt.
type Result struct {
	// Status is the endpoint's HTTP status, nil when no answer came.
	Status   *int
	Duration time.Duration
	// Error says why the attempt failed; empty on success.
	Error string
}

// OK reports whether the attempt succeeded: a 2xx answer within Deadline.
func (r Result) OK() bool { return r.Error == "" }

// Message is what the attempt log and the test call show for the error:
// nil on success.
func (r Result) Message() *string {
	if r.OK() {
		return nil
	}
	return &r.Error
}

// send POSTs body, signed with secret, to endpoint URL as attempt n of
// event eventID of type eventType. It never follows redirects. Deadline
// bounds the whole request, connecting included: any 2xx answer within it
// counts, however the time was spent.
func (s *Service) send(ctx context.Context, target, secret string, body []byte, eventID, eventType string, n int) Result {
	wall := s.Wall
	if wall == nil {
		wall = clock.System{}
	}
	h := map[string]string{
		"Content-Type":  "application/json",
		"User-Agent":    UserAgent,
		HeaderEventID:   eventID,
		HeaderEventType: eventType,
		HeaderAttempt:   strconv.Itoa(n),
		HeaderSignature: Sign(secret, wall.Now().Unix(), body),
	}
	start := time.Now()
	resp, err := s.Client.Do(ctx, egress.Request{
		Method: "POST", URL: target, Header: h, Body: body,
		FollowRedirects: false, Timeout: Deadline, ConnectTimeout: Deadline, MaxBody: maxResponse, Truncate: true,
	})
	if err != nil {
		return Result{Duration: time.Since(start), Error: failure(err)}
	}
	code := resp.StatusCode
	r := Result{Status: &code, Duration: resp.Duration}
	switch {
	case code >= 200 && code < 300:
	case code >= 300 && code < 400:
		r.Error = fmt.Sprintf("The endpoint answered %d, a redirect. Redirects are not followed; only a 2xx answer counts as delivered.", code)
	default:
		r.Error = fmt.Sprintf("The endpoint answered %d; only a 2xx answer counts as delivered.", code)
	}
	return r
}

// failure explains a request that got no answer, without the URL (its
// query may hold a token).
func failure(err error) string {
	var e *egress.Error
	if errors.As(err, &e) {
		if e.Reason == egress.ReasonTimeout {
			return fmt.Sprintf("The endpoint did not answer within %d seconds.", int(Deadline/time.Second))
		}
		return "The request failed because " + e.Message + "."
	}
	return "The request failed."
}
