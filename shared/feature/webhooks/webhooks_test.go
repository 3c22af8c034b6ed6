package webhooks

import (
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/secret"
)

func TestSignMatchesAnIndependentlyComputedVector(t *testing.T) {
	// HMAC-SHA256 of `1700000000.{"id":"e1"}` keyed with "whsec_abc123",
	// computed outside Go.
	got := Sign("whsec_abc123", 1700000000, []byte(`{"id":"e1"}`))
	want := "t=1700000000,v1=70eeee1a68dc4872c55e15d213926a16749e5ee87a3a99169f1a7d224c574434"
	if got != want {
		t.Fatalf("Sign = %s\nwant   %s", got, want)
	}
}

func TestKeyringDerivesStableSecretsWithoutStoringThem(t *testing.T) {
	ring := NewKeyring(secret.Static(strings.Repeat("k", 32)))
	a, err := ring.Issue("acct", "wh")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(a.Secret, SecretPrefix) || len(a.Secret) != len(SecretPrefix)+64 {
		t.Fatalf("secret %q", a.Secret)
	}
	if strings.Contains(a.Secret, a.Nonce) || strings.Contains(a.Secret, a.KeyID) {
		t.Fatal("what is stored appears in the secret")
	}
	again, err := ring.Secret("acct", "wh", a.Nonce, a.KeyID)
	if err != nil || again != a.Secret {
		t.Fatalf("derived again: %q, %v; want %q", again, err, a.Secret)
	}
	// A fixed vector, computed outside Go.
	if s, _ := ring.Secret("acct", "wh", "nonce", a.KeyID); s != "whsec_8585517e9fe7f465e9aa43124a1cfd84e6ce18ddafde0e44e6d112300cc3e59a" {
		t.Fatalf("derivation changed: %s", s)
	}
	b, _ := ring.Issue("acct", "wh")
	if b.Secret == a.Secret || b.Nonce == a.Nonce {
		t.Fatal("two endpoints got the same secret")
	}
	if _, err := NewKeyring(secret.Static(strings.Repeat("z", 32))).Secret("acct", "wh", a.Nonce, a.KeyID); err != ErrNoKey {
		t.Fatalf("another key derived a secret (%v): key ids must differ", err)
	}
	// After a rotation the old key, listed second, still serves old endpoints.
	rotated := NewKeyring(secret.Static(strings.Repeat("n", 32)), secret.Static(strings.Repeat("k", 32)))
	if s, err := rotated.Secret("acct", "wh", a.Nonce, a.KeyID); err != nil || s != a.Secret {
		t.Fatalf("after rotation: %q, %v", s, err)
	}
	if _, err := NewKeyring(secret.Static("")).Issue("acct", "wh"); err != ErrNoKey {
		t.Fatalf("no key: %v", err)
	}
}

func TestScheduleIsTheSpecs(t *testing.T) {
	var total time.Duration
	for _, d := range Schedule {
		total += d
	}
	if MaxAttempts != 8 || Schedule[0] != 0 || Schedule[1] != time.Minute || Schedule[7] != 24*time.Hour {
		t.Fatalf("schedule %v", Schedule)
	}
	if total < 44*time.Hour || total > 46*time.Hour {
		t.Fatalf("all attempts span %s, want about 45 hours", total)
	}
}

func TestParseNew(t *testing.T) {
	cases := []struct {
		name, body string
		bad        []string // fields with problems
		events     []string
	}{
		{"minimal", `{"url":"https://h.example.com/x","events":["*"]}`, nil, []string{"*"}},
		{"dedupe", `{"url":"https://h.example.com/x","events":["site.added","site.added","webhook.test"]}`, nil, []string{"site.added", "webhook.test"}},
		{"http", `{"url":"http://h.example.com/x","events":["*"]}`, []string{"url"}, nil},
		{"private", `{"url":"https://10.0.0.1/x","events":["*"]}`, []string{"url"}, nil},
		{"missing", `{}`, []string{"url", "events"}, nil},
		{"unknown", `{"url":"https://h.example.com","events":["site.added","nope"]}`, []string{"events[1]"}, nil},
		{"star mixed", `{"url":"https://h.example.com","events":["*","site.added"]}`, []string{"events"}, nil},
		{"empty", `{"url":"https://h.example.com","events":[]}`, []string{"events"}, nil},
		{"not a list", `{"url":"https://h.example.com","events":"*"}`, []string{"events"}, nil},
		{"many duplicates", `{"url":"https://h.example.com","events":[` + strings.Repeat(`"webhook.test",`, 60) + `"site.added"]}`, nil, []string{"webhook.test", "site.added"}},
		{"too many items", `{"url":"https://h.example.com","events":[` + strings.Repeat(`"webhook.test",`, 100) + `"site.added"]}`, []string{"events"}, nil},
		{"description", `{"url":"https://h.example.com","events":["*"],"description":"` + strings.Repeat("é", 201) + `"}`, []string{"description"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := input.Parse([]byte(c.body))
			if err != nil {
				t.Fatal(err)
			}
			in, err := ParseNew(o)
			fields := problemFields(err)
			if strings.Join(fields, ",") != strings.Join(c.bad, ",") {
				t.Fatalf("problems on %v, want %v (%v)", fields, c.bad, err)
			}
			if c.bad == nil && strings.Join(in.Events, ",") != strings.Join(c.events, ",") {
				t.Fatalf("events %v, want %v", in.Events, c.events)
			}
		})
	}
}

func TestParsePatchReadsOnlySentFields(t *testing.T) {
	o, _ := input.Parse([]byte(`{"description":null,"enabled":true}`))
	p, err := ParsePatch(o)
	if err != nil || p.URL != nil || p.Events != nil || !p.Description.Null || p.Enabled == nil || !*p.Enabled {
		t.Fatalf("patch %+v, %v", p, err)
	}
	o, _ = input.Parse([]byte(`{}`))
	if p, _ := ParsePatch(o); !p.Empty() {
		t.Fatalf("empty body gives %+v", p)
	}
	o, _ = input.Parse([]byte(`{"url":null,"events":null,"enabled":null}`))
	if _, err := ParsePatch(o); len(problemFields(err)) != 3 {
		t.Fatalf("nulls for required fields: %v", err)
	}
}

// TestResubscribingNotesOnlyTheTypesAdded proves the rule behind the
// README's "a pending delivery is dropped ... when its endpoint is ... no
// longer subscribed": a PATCH of events notes when each type it adds was
// subscribed again, not the types kept, so only the deliveries the
// unsubscribing ended stay dropped.
func TestResubscribingNotesOnlyTheTypesAdded(t *testing.T) {
	const before, now, later = "2026-01-01T00:00:00.000000Z", "2026-01-02T00:00:00.000000Z", "2026-01-03T00:00:00.000000Z"
	ep := Endpoint{Events: []string{"article.created"}, CreatedAt: before}
	if got := ep.resubscribed([]string{"article.created"}, now); got != nil {
		t.Fatalf("same events noted %v", got)
	}
	got := ep.resubscribed([]string{"article.created", "article.deleted"}, now)
	if len(got) != 1 || got["article.deleted"] != now {
		t.Fatalf("adding a type noted %v", got)
	}
	ep.Events, ep.SubscribedAt = []string{"article.created", "article.deleted"}, got
	if all := ep.resubscribed([]string{AllEvents}, later); all["article.created"] != "" || all["article.deleted"] != now || all["billing.ended"] != later {
		t.Fatalf("\"*\" noted %v", all)
	}
	if ep.keeps(before, "article.deleted") || !ep.keeps(now, "article.deleted") || !ep.keeps(before, "article.created") {
		t.Fatal("keeps does not follow SubscribedAt")
	}
	ep.EnabledAt = later
	if ep.keeps(now, "article.created") || !ep.keeps(later, "article.created") {
		t.Fatal("keeps does not follow EnabledAt")
	}
}
