package forum

import (
	"context"
	"log/slog"

	"rvcontent/shared/platform/model"
)

// Fallback drafts with Primary and, when Primary fails (but not when it
// refuses), with Secondary: a hosted model that is down still leaves the
// deterministic one.
type Fallback struct {
	Primary   Drafter
	Secondary Drafter
}

var _ Drafter = Fallback{}

// DraftReply asks Primary, then Secondary after a failure.
func (f Fallback) DraftReply(ctx context.Context, in model.ReplyInput) (model.ReplyDraft, error) {
	out, err := f.Primary.DraftReply(ctx, in)
	if err == nil || model.IsRefusal(err) {
		return out, err
	}
	slog.WarnContext(ctx, "reply drafting failed; using the fallback model", "err", err)
	return f.Secondary.DraftReply(ctx, in)
}
