package publicapi

import (
	"errors"
	"log/slog"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/publicapi/shape"
	"rvcontent/shared/feature/liveurls"
	"rvcontent/shared/kernel/apperr"
)

// writeError answers err in the public API's shape: 400 and 404 with the
// error's sentence, anything else as 500 "Internal error" (logged).
func writeError(w http.ResponseWriter, r *http.Request, err error) {
	switch apperr.CodeOf(err) {
	case apperr.BadRequest:
		shape.Fail(w, http.StatusBadRequest, message(err))
	case apperr.NotFound:
		shape.Fail(w, http.StatusNotFound, shape.NotFound)
	default:
		if !errors.Is(err, liveurls.ErrNotUUID) {
			slog.ErrorContext(r.Context(), "public request failed", "request_id", api.RequestID(r.Context()), "err", err)
		}
		shape.Fail(w, http.StatusInternalServerError, shape.Internal)
	}
}

func message(err error) string {
	var e *apperr.Error
	if errors.As(err, &e) {
		return e.Message
	}
	return shape.Internal
}
