// Package mailbox holds the dev stack's and tests' stand-ins for SES: the
// Outbox, which keeps every mail in the table for GET /_dev/emails, and
// Memory, which keeps them in memory.
package mailbox

import (
	"context"
	"time"

	"rvcontent/shared/platform/mail"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Sent is a mail as the dev outbox shows it.
type Sent struct {
	To      string   `json:"to" dynamodbav:"to"`
	Subject string   `json:"subject" dynamodbav:"subject"`
	Text    string   `json:"text" dynamodbav:"text"`
	Links   []string `json:"links" dynamodbav:"links"`
	SentAt  string   `json:"sent_at" dynamodbav:"sent_at"`
}

type outboxItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Sent
	TTL int64 `dynamodbav:"ttl"`
}

// Outbox is the dev stack's mailer: it keeps every mail in the table instead
// of sending it.
type Outbox struct {
	Table *dynamo.Table
	Clock clock.Clock
}

var _ mail.Sender = (*Outbox)(nil)

// Send stores m.
func (o *Outbox) Send(ctx context.Context, m mail.Message) error {
	now := o.Clock.Now()
	links := m.Links
	if links == nil {
		links = []string{}
	}
	return o.Table.Put(ctx, outboxItem{
		PK: dynamo.DevMailPK(m.To), SK: dynamo.TimeKey(clock.SortKey(now), ids.Sortable()),
		Sent: Sent{To: m.To, Subject: m.Subject, Text: m.Text, Links: links, SentAt: clock.Format(now)},
		TTL:  now.Add(30 * 24 * time.Hour).Unix(),
	})
}

// List returns every mail sent to address, newest first. Any spelling of
// the address finds them: mails go to its domain's ASCII form
// (mail.Recipient), so owner@bücher.de finds those sent to
// owner@xn--bcher-kva.de.
func (o *Outbox) List(ctx context.Context, address string) ([]Sent, error) {
	in, err := dynamo.Partition(dynamo.DevMailPK(mail.Recipient(address))).Input()
	if err != nil {
		return nil, err
	}
	in.ScanIndexForward = aws.Bool(false)
	in.ConsistentRead = aws.Bool(true)
	items, err := o.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	rows, err := dynamo.UnmarshalList[outboxItem](items)
	if err != nil {
		return nil, err
	}
	out := make([]Sent, len(rows))
	for i, r := range rows {
		out[i] = r.Sent
	}
	return out, nil
}
