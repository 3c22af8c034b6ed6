package model

import (
	"context"
	"log/slog"
)

// DraftFallback is a hosted model whose reply drafting falls back to the
// offline model when it fails (but not when it refuses): a hosted model
// that is down still leaves the deterministic one for forum drafts.
type DraftFallback struct {
	Model
}

// DraftReply asks the model, then the offline model after a failure.
func (f DraftFallback) DraftReply(ctx context.Context, in ReplyInput) (ReplyDraft, error) {
	out, err := f.Model.DraftReply(ctx, in)
	if err == nil || IsRefusal(err) {
		return out, err
	}
	slog.WarnContext(ctx, "reply drafting failed; using the offline model", "err", err)
	return Offline{}.DraftReply(ctx, in)
}
