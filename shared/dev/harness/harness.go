// Package harness serves the dev stack's /_dev harness (README, "The dev
// stack"): the mail outbox, the service clock, running scheduled work on demand, host
// and DNS overrides, and fault injection. It is mounted only by the dev
// stack; a deployed stack has no route to it.
package harness

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/dev/mailbox"

	"rvcontent/shared/dev/faults"
	"rvcontent/shared/edge/api"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Harness is the /_dev harness.
type Harness struct {
	Table     *dynamo.Table
	Clock     *clock.Offset
	Outbox    *mailbox.Outbox
	Overrides *Overrides
	Faults    *faults.Injector
	// RunScheduled runs every scheduled task once and returns their names.
	RunScheduled func(ctx context.Context) ([]string, error)
	// Drain works off the job and delivery queues until idle or max passes.
	Drain func(ctx context.Context, max time.Duration)
	// Extra adds routes of later features (payments, forum fixtures).
	Extra map[string]http.HandlerFunc
}

// Handler returns the harness's routes.
func (h *Harness) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /_dev/emails", h.emails)
	mux.HandleFunc("GET /_dev/clock", h.getClock)
	mux.HandleFunc("POST /_dev/clock", h.advanceClock)
	mux.HandleFunc("POST /_dev/run-scheduled", h.runScheduled)
	mux.HandleFunc("POST /_dev/hosts", h.setHost)
	mux.HandleFunc("DELETE /_dev/hosts/{host}", h.deleteHost)
	mux.HandleFunc("POST /_dev/dns", h.setDNS)
	mux.HandleFunc("POST /_dev/faults", h.armFault)
	mux.HandleFunc("DELETE /_dev/faults", h.disarmFaults)
	for pattern, f := range h.Extra {
		mux.HandleFunc(pattern, f)
	}
	mux.HandleFunc("/_dev/", api.NotFound)
	return mux
}

// decode reads a harness call's JSON body into v; on failure it answers
// in the API's shape.
func decode(w http.ResponseWriter, r *http.Request, v any) bool { return api.DecodeInto(w, r, v) }

// maxHostName is the longest DNS name (RFC 1035): longer names can be
// neither dialled nor looked up, so no override is kept for them.
const maxHostName = 253

// hostProblem says what is wrong with a host or record name, or "".
func hostProblem(name string) string {
	switch {
	case name == "":
		return "is required"
	case len(normalise(name)) > maxHostName:
		return fmt.Sprintf("must be a host name of at most %d characters", maxHostName)
	}
	return ""
}

// maxTXT bounds the text of one name's TXT records: no DNS message holds
// more.
const maxTXT = 65535

func (h *Harness) emails(w http.ResponseWriter, r *http.Request) {
	// A "+" left unescaped in the query (to=owner+tag@example.com) reads
	// as a space, which no email address has: it is the "+".
	to := strings.ReplaceAll(strings.TrimSpace(r.URL.Query().Get("to")), " ", "+")
	if to == "" {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "to", Problem: "is required"}))
		return
	}
	list, err := h.Outbox.List(r.Context(), to)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	if list == nil {
		list = []mailbox.Sent{}
	}
	api.JSON(w, http.StatusOK, map[string]any{"emails": list})
}

func (h *Harness) getClock(w http.ResponseWriter, r *http.Request) {
	api.JSON(w, http.StatusOK, map[string]any{"now": clock.Format(h.Clock.Now())})
}

// clockItem persists the dev clock's offset.
type clockItem struct {
	PK       string `dynamodbav:"pk"`
	SK       string `dynamodbav:"sk"`
	OffsetNS int64  `dynamodbav:"offset_ns"`
}

// LoadClock sets the dev clock from the stored offset (a persistent dev
// stack keeps its time across restarts).
func (h *Harness) LoadClock(ctx context.Context) error {
	var it clockItem
	err := h.Table.Get(ctx, dynamo.DevSettingPK("clock"), dynamo.DevSettingSK, &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	h.Clock.Set(time.Duration(it.OffsetNS))
	return nil
}

func (h *Harness) advanceClock(w http.ResponseWriter, r *http.Request) {
	var body struct {
		AdvanceSeconds *float64 `json:"advance_seconds"`
	}
	if !decode(w, r, &body) {
		return
	}
	if body.AdvanceSeconds == nil || *body.AdvanceSeconds < 0 {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "advance_seconds", Problem: "must be a number of seconds, zero or more (the clock never moves back)"}))
		return
	}
	room := (clock.MaxOffset - h.Clock.Current()).Seconds()
	var offset time.Duration
	ok := *body.AdvanceSeconds <= room
	if ok {
		offset, ok = h.Clock.Advance(time.Duration(*body.AdvanceSeconds * float64(time.Second)))
	}
	if !ok {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "advance_seconds", Problem: fmt.Sprintf("must be at most %.0f: the service clock runs at most a century ahead", room)}))
		return
	}
	if err := h.storeClock(r.Context(), offset); err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"now": clock.Format(h.Clock.Now())})
}

// storeClock stores the dev clock's offset unless a larger one is stored
// already: advances sent at once store their offsets in any order, and
// the clock a restart reads must never be behind (it never moves back).
func (h *Harness) storeClock(ctx context.Context, offset time.Duration) error {
	_, err := h.Table.Update(ctx, dynamo.DevSettingPK("clock"), dynamo.DevSettingSK, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET offset_ns = :o"),
		ConditionExpression:       aws.String("attribute_not_exists(offset_ns) OR offset_ns < :o"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":o": &types.AttributeValueMemberN{Value: strconv.FormatInt(int64(offset), 10)}},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil // a later advance stored its larger offset first
	}
	return err
}

func (h *Harness) runScheduled(w http.ResponseWriter, r *http.Request) {
	h.Drain(r.Context(), 5*time.Second)
	ran, err := h.RunScheduled(r.Context())
	h.Drain(r.Context(), 10*time.Second)
	if ran == nil {
		ran = []string{}
	}
	body := map[string]any{"ran": ran}
	if err != nil {
		body["errors"] = err.Error()
	}
	api.JSON(w, http.StatusOK, body)
}

func (h *Harness) setHost(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Host    string `json:"host"`
		Address string `json:"address"`
	}
	if !decode(w, r, &body) {
		return
	}
	var problems []apperr.Problem
	body.Host = hostName(body.Host)
	if problem := hostProblem(body.Host); problem != "" {
		problems = append(problems, apperr.Problem{Field: "host", Problem: problem})
	}
	if !loopback(body.Address) {
		problems = append(problems, apperr.Problem{Field: "address", Problem: "must be a loopback address with a port, such as 127.0.0.1:40123"})
	}
	if len(problems) > 0 {
		api.Error(w, r, apperr.Invalid(problems...))
		return
	}
	if err := h.Overrides.SetHost(r.Context(), body.Host, body.Address); err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"host": normalise(body.Host), "address": body.Address})
}

func (h *Harness) deleteHost(w http.ResponseWriter, r *http.Request) {
	host := hostName(r.PathValue("host"))
	if problem := hostProblem(host); problem != "" {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "host", Problem: problem}))
		return
	}
	if err := h.Overrides.DeleteHost(r.Context(), host); err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"deleted": true, "host": normalise(host)})
}

// hostName reads the host name an override is for. An override applies to
// every port and scheme, so "acme.com:8443" and "https://acme.com/" name
// acme.com too.
func hostName(raw string) string {
	raw = strings.TrimSpace(raw)
	if i := strings.Index(raw, "://"); i >= 0 {
		raw = raw[i+len("://"):]
	}
	if i := strings.IndexAny(raw, "/?#"); i >= 0 {
		raw = raw[:i]
	}
	if host, _, err := net.SplitHostPort(raw); err == nil {
		raw = host
	}
	return raw
}

// loopback reports whether address is a loopback host and port:
// "127.0.0.1:40123", "[::1]:40123" or "localhost:40123". The port must be
// one a connection can be made to (1 to 65535).
func loopback(address string) bool {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return false
	}
	if n, err := strconv.Atoi(port); err != nil || n < 1 || n > 65535 {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (h *Harness) setDNS(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Name   string   `json:"name"`
		Type   string   `json:"type"`
		Values []string `json:"values"`
	}
	if !decode(w, r, &body) {
		return
	}
	var problems []apperr.Problem
	if problem := hostProblem(strings.TrimSpace(body.Name)); problem != "" {
		problems = append(problems, apperr.Problem{Field: "name", Problem: problem})
	}
	size := 0
	for _, v := range body.Values {
		size += len(v)
	}
	if size > maxTXT {
		problems = append(problems, apperr.Problem{Field: "values", Problem: fmt.Sprintf("must total at most %d bytes, as a DNS answer does", maxTXT)})
	}
	if body.Type != "" && !strings.EqualFold(body.Type, "TXT") {
		problems = append(problems, apperr.Problem{Field: "type", Problem: "must be TXT: only TXT records are supported"})
	}
	if len(problems) > 0 {
		api.Error(w, r, apperr.Invalid(problems...))
		return
	}
	if err := h.Overrides.SetTXT(r.Context(), body.Name, body.Values); err != nil {
		api.Error(w, r, err)
		return
	}
	values := body.Values
	if values == nil {
		values = []string{}
	}
	api.JSON(w, http.StatusOK, map[string]any{"name": normalise(body.Name), "type": "TXT", "values": values})
}

// disarmFaults drops every armed failure point (one armed for a write that
// never reaches it would otherwise stay armed for a later one).
func (h *Harness) disarmFaults(w http.ResponseWriter, _ *http.Request) {
	h.Faults.Disarm()
	api.JSON(w, http.StatusOK, map[string]any{"disarmed": true})
}

// armFault arms a failure point: {"point": "after_commit", "times": 1}.
func (h *Harness) armFault(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Point string `json:"point"`
		Times int    `json:"times"`
	}
	if !decode(w, r, &body) {
		return
	}
	if !slices.Contains(faults.Points, body.Point) {
		api.Error(w, r, apperr.Invalid(apperr.Problem{Field: "point", Problem: "must be one of " + strings.Join(faults.Points, ", ")}))
		return
	}
	if body.Times <= 0 {
		body.Times = 1
	}
	h.Faults.Arm(body.Point, body.Times)
	api.JSON(w, http.StatusOK, map[string]any{"point": body.Point, "times": body.Times})
}
