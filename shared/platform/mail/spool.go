package mail

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Spool is the mail outbox. A change that owes someone an email adds the
// mail to the transaction that carries the change (Add): its kind and
// parameters are written with the change, so the mail exists exactly when
// the change does. Right after the commit the mail is rendered, sent and
// removed; when that fails, or the function dies first, the scheduled
// Sweep sends it once it has waited SweepAge, retrying with growing pauses
// and giving up (logged) after GiveUpAfter.
//
// A stored mail never holds a secret. A message that carries one (a claim
// or sign-in link) gets it from Mail.Secrets, which only the immediate send
// sees; when the sweep sends the mail instead, the kind's renderer issues a
// fresh link (a new token, stored only as a hash) rather than reading an
// old one back.
type Spool struct {
	Table  *dynamo.Table
	Clock  clock.Clock
	Sender Sender
}

// Template renders one kind of mail.
type Template struct {
	// Render builds the message from a pending mail. It returns
	// ErrObsolete when the mail is no longer worth sending (its account is
	// gone, or the link it offers was used meanwhile).
	Render func(ctx context.Context, m Pending) (Message, error)
	// MaxAge is how long after it was queued the mail is still worth
	// sending (a sign-in link someone asked for minutes ago); GiveUpAfter
	// when zero. An older mail is dropped with a log line.
	MaxAge time.Duration
}

// Mail is a mail a change owes.
type Mail struct {
	// Kind names the Template that renders it.
	Kind string
	// AccountID is the account the mail is about, for renderers and logs;
	// it may be empty.
	AccountID string
	// Params are stored with the mail: never put a secret here.
	Params map[string]string
	// Secrets are only kept in memory, for the send right after the commit
	// (the claim link the response also returns, for example).
	Secrets map[string]string
	// Template renders the mail for the send right after the commit; the
	// Sweeper finds it by Kind instead.
	Template Template
}

// RenderedBy returns m with the template of its kind from ts (a feature's
// MailTemplates) for the send right after the commit.
func (m Mail) RenderedBy(ts map[string]Template) Mail {
	m.Template = ts[m.Kind]
	return m
}

// Pending is a queued mail as a renderer sees it.
type Pending struct {
	ID        string
	Kind      string
	AccountID string
	Params    map[string]string
	// Secrets is nil when the sweep sends the mail.
	Secrets  map[string]string
	QueuedAt time.Time
	// Attempts counts the sweep's tries so far, this one included.
	Attempts int
}

// Param returns parameter name, or "".
func (p Pending) Param(name string) string { return p.Params[name] }

// Secret returns in-memory secret name; ok is false when the sweep sends
// the mail, and the renderer must issue a fresh one.
func (p Pending) Secret(name string) (value string, ok bool) {
	value, ok = p.Secrets[name]
	return value, ok && value != ""
}

// ErrObsolete is returned by a renderer for a mail nobody needs any more;
// the spool drops it.
var ErrObsolete = errors.New("mail: no longer needed")

// Outbox timing.
const (
	// SweepAge is how long a mail waits before the sweep sends it: the
	// send right after the commit has it until then.
	SweepAge = time.Minute
	// GiveUpAfter is how long the sweep keeps trying.
	GiveUpAfter = 24 * time.Hour
	// maxPause caps the pause between two of the sweep's tries.
	maxPause = time.Hour
	// sendTimeout bounds one render and send.
	sendTimeout = 20 * time.Second
	// retention keeps a stored mail a while after the give-up, in case no
	// sweep ran; the table's TTL removes it then.
	retention = 3 * 24 * time.Hour
)

// DueKind is the due-work kind (GSI1 DUE#mail) of pending mails.
const DueKind = "mail"

// Add writes m into tx as a pending mail and, once tx commits, renders and
// sends it at once and removes it. A failed send is left to the sweep. A
// parameter that contains one of m's secrets is stored redacted (and
// logged as a mistake), so a secret never reaches the table.
func (s *Spool) Add(tx *dynamo.Tx, m Mail) {
	now := s.Clock.Now()
	it := newItem(ids.Sortable(), m.Kind, m.AccountID, redact(m), now)
	tx.Put("mail:"+m.Kind, it, "", nil)
	p := it.pending()
	p.Secrets = m.Secrets
	tx.AfterCommit(func(ctx context.Context) { s.sendNow(ctx, p, m.Template) })
}

// sendNow is the send right after the commit.
func (s *Spool) sendNow(ctx context.Context, p Pending, t Template) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendTimeout)
	defer cancel()
	err := s.deliver(ctx, p, t)
	switch {
	case errors.Is(err, ErrObsolete):
		s.remove(ctx, p)
	case err != nil:
		slog.WarnContext(ctx, "mail not sent; the outbox sweep retries it", logAttrs(p, err)...)
	default:
		s.remove(ctx, p)
	}
}

// deliver renders p with t and sends it, its headers made safe (HeaderSafe).
func (s *Spool) deliver(ctx context.Context, p Pending, t Template) error {
	if t.Render == nil {
		return errors.New("mail: no template for kind " + p.Kind)
	}
	msg, err := t.Render(ctx, p)
	if err != nil {
		return err
	}
	if msg, err = HeaderSafe(msg); err != nil {
		return err
	}
	return s.Sender.Send(ctx, msg)
}

// remove deletes a sent or dropped mail; a failure only means the sweep
// finds it again, so it is logged.
func (s *Spool) remove(ctx context.Context, p Pending) {
	if err := s.Table.Delete(ctx, dynamo.MailOutboxPK(p.ID), dynamo.MailOutboxSK); err != nil {
		slog.WarnContext(ctx, "remove sent mail from the outbox", logAttrs(p, err)...)
	}
}

// redact returns m's parameters with every secret of m replaced.
func redact(m Mail) map[string]string {
	out := make(map[string]string, len(m.Params))
	for k, v := range m.Params {
		for name, secret := range m.Secrets {
			if len(secret) >= 8 && strings.Contains(v, secret) {
				slog.Error("mail parameter holds a secret; stored redacted", "kind", m.Kind, "param", k, "secret", name)
				v = strings.ReplaceAll(v, secret, "[redacted]")
			}
		}
		out[k] = v
	}
	return out
}

// logAttrs describes p for a log line: never its parameters.
func logAttrs(p Pending, err error) []any {
	attrs := []any{"mail_id", p.ID, "kind", p.Kind, "account_id", p.AccountID, "attempts", p.Attempts}
	if err != nil {
		attrs = append(attrs, "err", err)
	}
	return attrs
}
