package webhooks_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/platform/dynamo"
)

// TestFanoutRunTwiceMakesOneDeliveryPerSubscribedEnabledEndpoint: the
// fan-out makes each wanted delivery's first attempt itself, and a fan-out
// that runs again does nothing.
func TestFanoutRunTwiceMakesOneDeliveryPerSubscribedEnabledEndpoint(t *testing.T) {
	r := newRig(t)
	sub := r.endpoint(t, "site.added")
	r.endpoint(t, "billing.ended")
	off := r.endpoint(t, "*")
	if _, err := r.svc.Update(r.ctx, off.ID, webhooks.Patch{Enabled: ptr(false)}); err != nil {
		t.Fatal(err)
	}
	m := r.event(t, "site.added")
	for i := 0; i < 2; i++ { // the outbox may run a fan-out twice
		r.fanout(t, m)
	}
	if n := len(r.queue.take()); n != 0 {
		t.Fatalf("%d attempt messages, want none: the fan-out makes the first attempt", n)
	}
	if r.poster.count() != 1 || !strings.Contains(r.poster.reqs[0].URL, sub.URL) {
		t.Fatalf("%d requests, want one to the subscribed endpoint", r.poster.count())
	}
	req := r.poster.reqs[0]
	if req.FollowRedirects || req.Timeout != 10*time.Second || req.Header["Service-Delivery-Attempt"] != "1" {
		t.Fatalf("request %+v", req)
	}
	log, _, err := r.svc.Attempts(context.Background(), r.acct, sub.ID, 10, "")
	if err != nil || len(log) != 1 || !log[0].Succeeded || log[0].DeliveryID != webhooks.DeliveryID(sub.ID, m.Event.ID) {
		t.Fatalf("attempt log %+v, %v", log, err)
	}
	if list, _, _ := r.svc.List(context.Background(), r.acct, 10, ""); list[0].LastDeliveryStatus == nil || *list[0].LastDeliveryStatus != 200 {
		t.Fatalf("the endpoint's last delivery was not noted: %+v", list[0])
	}
}

// TestAFanOutThatDiesIsSweptAfterItsClaim: a fan-out that dies during a
// first attempt leaves the delivery claimed; the sweep makes the attempt
// again once the claim runs out, and only then.
func TestAFanOutThatDiesIsSweptAfterItsClaim(t *testing.T) {
	r := newRig(t)
	r.endpoint(t, "*")
	r.poster.crash = true
	r.fanout(t, r.event(t, "site.added"))
	r.poster.crash = false
	if n, err := r.svc.SweepDeliveries(context.Background()); err != nil || n != 0 {
		t.Fatalf("sweep while claimed sent %d (%v)", n, err)
	}
	r.clock.Add(webhooks.Lease + time.Second)
	if n, err := r.svc.SweepDeliveries(context.Background()); err != nil || n != 1 {
		t.Fatalf("sweep after the claim sent %d (%v), want 1", n, err)
	}
	r.deliver(t)
	if got := r.poster.reqs[len(r.poster.reqs)-1].Header["Service-Delivery-Attempt"]; r.poster.count() != 2 || got != "1" {
		t.Fatalf("%d requests, last attempt %s; want the first attempt made again", r.poster.count(), got)
	}
}

func TestLostMessagesAreSweptAndDuplicatesMakeNoSecondAttempt(t *testing.T) {
	r := newRig(t)
	r.poster.status = 500
	r.endpoint(t, "*")
	r.fanout(t, r.event(t, "site.added")) // attempt 1 fails
	if lost := r.queue.take(); len(lost) != 1 || lost[0].Delay != time.Minute || !strings.Contains(lost[0].Body, `"attempt":2`) {
		t.Fatalf("after attempt 1: %+v", lost) // attempt 2's message is lost
	}
	sweep := func() int {
		t.Helper()
		n, err := r.svc.SweepDeliveries(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	r.clock.Add(time.Minute)
	if n := sweep(); n != 0 {
		t.Fatalf("sweep when the message was due sent %d", n)
	}
	r.clock.Add(webhooks.Lease + time.Second)
	if n := sweep(); n != 1 {
		t.Fatalf("sweep after the lease sent %d, want 1", n)
	}
	if n := sweep(); n != 0 {
		t.Fatalf("second sweep sent %d, want 0", n)
	}
	msgs := r.queue.take()
	r.queue.msgs = append(msgs, msgs...) // the same message twice
	r.deliver(t)
	if r.poster.count() != 2 {
		t.Fatalf("%d requests for a duplicated message after attempt 1, want 2", r.poster.count())
	}

	// Attempt 3 is queued five minutes out; attempt 4 is a 30-minute wait
	// the sweep carries.
	next := r.queue.take()
	if len(next) != 1 || next[0].Delay != 5*time.Minute || !strings.Contains(next[0].Body, `"attempt":3`) {
		t.Fatalf("after attempt 2: %+v", next)
	}
	r.queue.msgs = next
	r.clock.Add(5 * time.Minute)
	r.deliver(t)
	if next = r.queue.take(); len(next) != 0 {
		t.Fatalf("a 30-minute wait was queued: %+v", next)
	}
	r.clock.Add(29 * time.Minute)
	if n := sweep(); n != 0 {
		t.Fatalf("attempt 4 swept early")
	}
	r.clock.Add(2 * time.Minute)
	if n := sweep(); n != 1 {
		t.Fatalf("attempt 4 not swept when due")
	}
	r.deliver(t)
	if got := r.poster.reqs[len(r.poster.reqs)-1].Header["Service-Delivery-Attempt"]; r.poster.count() != 4 || got != "4" {
		t.Fatalf("%d requests, last attempt %s; want 4", r.poster.count(), got)
	}
}

func TestFailingEndpointIsWarnedThenDisabledAndASuccessEndsTheRun(t *testing.T) {
	r := newRig(t)
	r.poster.status = 503
	ep := r.endpoint(t, "*")
	healthy := r.endpoint(t, "*")
	if _, err := r.svc.Test(r.ctx, ep.ID); err != nil {
		t.Fatal(err)
	}
	r.poster.status = 200
	if _, err := r.svc.Test(r.ctx, healthy.ID); err != nil {
		t.Fatal(err)
	}
	check := func() int {
		t.Helper()
		n, err := r.svc.CheckHealth(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	r.clock.Add(23 * time.Hour)
	if check(); len(subjects(r.mailer)) != 0 {
		t.Fatalf("mail before 24 hours: %v", subjects(r.mailer))
	}
	r.clock.Add(time.Hour + time.Second)
	check()
	check()
	if s := subjects(r.mailer); len(s) != 1 || !strings.Contains(s[0], "failing") {
		t.Fatalf("after 24 hours: mails %v, want one warning", s)
	}
	r.clock.Add(48 * time.Hour)
	if n := check(); n != 1 {
		t.Fatalf("disabled %d endpoints after 72 hours, want 1", n)
	}
	list, _, _ := r.svc.List(context.Background(), r.acct, 10, "")
	for _, e := range list {
		if e.ID == ep.ID && (e.Enabled || e.DisabledReason == nil || *e.DisabledReason != webhooks.ReasonFailing) {
			t.Fatalf("failing endpoint %+v", e)
		}
		if e.ID == healthy.ID && !e.Enabled {
			t.Fatal("healthy endpoint disabled")
		}
	}
	if s := subjects(r.mailer); len(s) != 2 || !strings.Contains(s[1], "disabled") {
		t.Fatalf("mails %v", s)
	}

	// Re-enabled, it fails once more, then succeeds: no warning follows.
	if _, err := r.svc.Update(r.ctx, ep.ID, webhooks.Patch{Enabled: ptr(true)}); err != nil {
		t.Fatal(err)
	}
	for _, status := range []int{500, 204} {
		r.poster.status = status
		if _, err := r.svc.Test(r.ctx, ep.ID); err != nil {
			t.Fatal(err)
		}
	}
	r.clock.Add(80 * time.Hour)
	if n := check(); n != 0 || len(subjects(r.mailer)) != 2 {
		t.Fatalf("after recovery: disabled %d, mails %v", n, subjects(r.mailer))
	}
}

// failedOnce makes an event's first attempt fail and returns the queued
// message of attempt 2, due now.
func (r *rig) failedOnce(t *testing.T) sent {
	t.Helper()
	r.poster.status = 500
	r.endpoint(t, "*")
	r.fanout(t, r.event(t, "site.added"))
	msgs := r.queue.take()
	if len(msgs) != 1 {
		t.Fatalf("%d messages after a failed first attempt, want 1", len(msgs))
	}
	r.clock.Add(time.Minute)
	r.poster.status = 200
	return msgs[0]
}

func TestStaleAttemptNumberIsIgnored(t *testing.T) {
	r := newRig(t)
	msg := r.failedOnce(t)
	r.queue.msgs = []sent{{Body: strings.Replace(msg.Body, `"attempt":2`, `"attempt":3`, 1)}}
	r.deliver(t)
	if r.poster.count() != 1 {
		t.Fatal("an attempt that is not next was made")
	}
}

func TestARunningAttemptIsNotStartedTwice(t *testing.T) {
	r := newRig(t)
	msg := r.failedOnce(t)
	r.poster.gate = make(chan struct{})
	done := make(chan error)
	go func() {
		_, err := r.svc.Handle(context.Background(), events.SQSMessage{Body: msg.Body})
		done <- err
	}()
	for r.poster.count() < 2 {
		time.Sleep(5 * time.Millisecond)
	}
	// The same message again while the attempt waits for its answer.
	second := make(chan error)
	go func() {
		_, err := r.svc.Handle(context.Background(), events.SQSMessage{Body: msg.Body})
		second <- err
	}()
	select {
	case err := <-second:
		if err != nil {
			t.Fatal(err)
		}
		close(r.poster.gate)
	case <-time.After(3 * time.Second):
		close(r.poster.gate)
		<-second
		t.Fatal("the second message waited on a request of its own: a running attempt was started again")
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := r.poster.count(); n != 2 {
		t.Fatalf("%d requests, want 2: a running attempt was started again", n)
	}
}

func ptr[T any](v T) *T { return &v }

// never wants no event: it stands for a subscriber check that ran before
// an endpoint's creation committed.
type never struct{}

func (never) Wanted(context.Context, string) (func(eventlog.Event) bool, error) {
	return func(eventlog.Event) bool { return false }, nil
}

// TestCatchUpDeliversEventsRecordedWhileTheEndpointWasCreated: an event
// that happened after an endpoint's creation time but was checked before
// the endpoint existed (so it has no outbox entry) reaches the endpoint
// through its catch-up, once.
func TestCatchUpDeliversEventsRecordedWhileTheEndpointWasCreated(t *testing.T) {
	r := newRig(t)
	ep := r.endpoint(t, "site.added")
	tx := &dynamo.Tx{}
	(&eventlog.Writer{Clock: r.clock, Subscribers: never{}}).Emit(tx, r.acct, "", "site.added", map[string]int{"n": 1})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	run := func() int {
		t.Helper()
		n, err := r.svc.CatchUp(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	if n := run(); n != 0 {
		t.Fatalf("catch-up before it was due added %d deliveries", n)
	}
	r.clock.Add(webhooks.CatchUpAfter + time.Second)
	if n := run(); n != 1 {
		t.Fatalf("catch-up added %d deliveries, want 1", n)
	}
	if n := r.deliver(t); n != 1 || r.poster.count() != 1 || !strings.Contains(r.poster.reqs[0].URL, ep.URL) {
		t.Fatalf("%d messages, %d requests after the catch-up, want one to the endpoint", n, r.poster.count())
	}
	if n := run(); n != 0 {
		t.Fatalf("a second catch-up run added %d deliveries", n)
	}
}

// TestAttemptsOlderThanThirtyDaysAreNotListed: the attempt log lists the
// attempts of the last 30 days on the service clock, whatever the table's
// TTL has removed yet.
func TestAttemptsOlderThanThirtyDaysAreNotListed(t *testing.T) {
	r := newRig(t)
	sub := r.endpoint(t, "*")
	r.fanout(t, r.event(t, "site.added"))
	r.clock.Add(20 * 24 * time.Hour)
	r.fanout(t, r.event(t, "site.added"))
	count := func() int {
		log, next, err := r.svc.Attempts(context.Background(), r.acct, sub.ID, 10, "")
		if err != nil || next != "" {
			t.Fatalf("attempt log %+v, next %q, %v", log, next, err)
		}
		return len(log)
	}
	if n := count(); n != 2 {
		t.Fatalf("%d attempts listed, want 2", n)
	}
	r.clock.Add(11 * 24 * time.Hour) // the first is 31 days old
	if n := count(); n != 1 {
		t.Fatalf("%d attempts listed 31 days after the first, want 1", n)
	}
	r.clock.Add(20 * 24 * time.Hour)
	if n := count(); n != 0 {
		t.Fatalf("%d attempts listed after 51 days, want none", n)
	}
}
