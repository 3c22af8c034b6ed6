package api

import (
	"context"
	"net/http"

	"rvcontent/shared/feature/idempotency"
)

// Run calls a service method and writes its result, rendered by view, with
// status; an error is written as the spec's error body. When the request holds
// an idempotency claim, the same rendering is stored in the transaction that
// carries the method's effect (the method passes its result to
// dynamo.Table.Commit).
func Run[T any](w http.ResponseWriter, r *http.Request, status int, call func(context.Context) (T, error), view func(T) any) {
	ctx := r.Context()
	if c := idempotency.FromContext(ctx); c != nil {
		c.SetRenderer(func(result any) (idempotency.Response, bool) {
			t, ok := result.(T)
			if !ok {
				return idempotency.Response{}, false
			}
			b, err := Marshal(view(t))
			if err != nil {
				return idempotency.Response{}, false
			}
			return idempotency.Response{Status: status, ContentType: "application/json", Body: b}, true
		})
	}
	res, err := call(ctx)
	if err != nil {
		Error(w, r, err)
		return
	}
	JSON(w, status, view(res))
}
