package bedrock

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/smithy-go/encoding/httpbinding"

	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/platform/awsenv"
)

// Request is one Converse call as the adapter makes it: a system prompt,
// one user message, at most MaxTokens tokens of answer, temperature 0.
type Request struct {
	ModelID   string
	System    string
	User      string
	MaxTokens int32
}

// Answer is what the adapter reads of a Converse answer: the text of the
// message's text blocks, joined, and why the model stopped.
type Answer struct {
	Text       string
	StopReason string
}

// Client calls Bedrock's Converse operation (POST
// /model/{modelId}/converse) directly through an awsenv.Caller, signed for
// the service "bedrock".
type Client struct {
	API *awsenv.Caller
}

var _ Converser = (*Client)(nil)

// NewClient returns the client of Bedrock in cfg's account and region, at
// the BEDROCK_RUNTIME endpoint override when one is set (awsenv.Endpoint).
func NewClient(cfg aws.Config) *Client {
	return &Client{API: awsenv.NewCaller(cfg, awsenv.BedrockRuntime, "bedrock", "bedrock-runtime")}
}

// APIError is an error answer of Bedrock: its HTTP status, its error type
// (ThrottlingException, ValidationException...) and message. Its
// ErrorCode is what the SDK's service errors answer, so callers that
// recognise throttling by code recognise Bedrock's too.
type APIError struct {
	Status  int
	Code    string
	Message string
}

func (e *APIError) Error() string {
	return fmt.Sprintf("%s (HTTP %d): %s", e.Code, e.Status, e.Message)
}

// ErrorCode returns the error type Bedrock answered.
func (e *APIError) ErrorCode() string { return e.Code }

// ErrorMessage returns the message Bedrock answered.
func (e *APIError) ErrorMessage() string { return e.Message }

// retryable reports whether the call may succeed when sent again, as the
// SDK's standard retryer judges: throttled (429) or a server error.
func (e *APIError) retryable() bool {
	switch e.Status {
	case http.StatusTooManyRequests, http.StatusInternalServerError, http.StatusBadGateway,
		http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return true
	}
	return false
}

// Attempts is how often Converse sends a call that is throttled, fails
// with a server error or does not reach Bedrock (the SDK's standard
// retryer's default).
const Attempts = 3

// Converse sends in to Bedrock, again after a throttled answer, a server
// error or a network error, up to Attempts times, after a random pause
// below 1 s (throttled) or 50 ms (otherwise) that doubles with each
// attempt, as the SDK's standard retryer does.
func (c *Client) Converse(ctx context.Context, in Request) (Answer, error) {
	body, err := json.Marshal(converseBody(in))
	if err != nil {
		return Answer{}, err
	}
	// The id escaped as the SDK escapes a path parameter: every byte but
	// letters, digits and "-._~" (so the ':' of a version is %3A).
	path := "/model/" + httpbinding.EscapePath(in.ModelID, true) + "/converse"
	for attempt := 1; ; attempt++ {
		out, again, err := c.send(ctx, path, body)
		if err == nil || !again || attempt == Attempts || ctx.Err() != nil {
			return out, err
		}
		base := 50 * time.Millisecond
		if ae := (*APIError)(nil); errors.As(err, &ae) && ae.Status == http.StatusTooManyRequests {
			base = time.Second
		}
		if err := backoff.Wait(ctx, base<<(attempt-1)); err != nil {
			return Answer{}, err
		}
	}
}

// send makes one attempt; again reports whether its error may pass when
// sent again (a network error, a throttled answer or a server error).
func (c *Client) send(ctx context.Context, path string, body []byte) (out Answer, again bool, err error) {
	status, header, resp, err := c.API.Do(ctx, http.MethodPost, path, body, nil)
	if err != nil {
		return Answer{}, true, err
	}
	if status < 200 || status > 299 {
		ae := apiError(status, header, resp)
		return Answer{}, ae.retryable(), ae
	}
	var o converseOutput
	if err := json.Unmarshal(resp, &o); err != nil {
		return Answer{}, false, fmt.Errorf("the answer is not JSON: %w", err)
	}
	if o.Output.Message == nil {
		return Answer{}, false, errors.New("the answer holds no message")
	}
	var b strings.Builder
	for _, block := range o.Output.Message.Content {
		b.WriteString(block.Text)
	}
	return Answer{Text: b.String(), StopReason: o.StopReason}, false, nil
}

// apiError reads an error answer: the type from the X-Amzn-ErrorType
// header (else the body's __type or code), without what follows ':' or
// precedes '#', and the body's message.
func apiError(status int, header http.Header, body []byte) *APIError {
	var b struct {
		Message string `json:"message"`
		Type    string `json:"__type"`
		Code    string `json:"code"`
	}
	_ = json.Unmarshal(body, &b)
	code := header.Get("X-Amzn-ErrorType")
	for _, c := range []string{b.Type, b.Code} {
		if code == "" {
			code = c
		}
	}
	code, _, _ = strings.Cut(code, ":")
	if i := strings.LastIndex(code, "#"); i >= 0 {
		code = code[i+1:]
	}
	if code == "" {
		code = http.StatusText(status)
	}
	msg := b.Message
	if msg == "" {
		msg = strings.TrimSpace(string(body))
	}
	return &APIError{Status: status, Code: code, Message: msg}
}

// text is a text block of a system prompt or a message.
type text struct {
	Text string `json:"text"`
}

type message struct {
	Role    string `json:"role"`
	Content []text `json:"content"`
}

// converseInput is the body of Converse as the adapter sends it.
type converseInput struct {
	System          []text    `json:"system"`
	Messages        []message `json:"messages"`
	InferenceConfig struct {
		MaxTokens   int32   `json:"maxTokens"`
		Temperature float32 `json:"temperature"`
	} `json:"inferenceConfig"`
}

func converseBody(in Request) converseInput {
	var b converseInput
	b.System = []text{{Text: in.System}}
	b.Messages = []message{{Role: "user", Content: []text{{Text: in.User}}}}
	b.InferenceConfig.MaxTokens = in.MaxTokens
	return b
}

// converseOutput is what the adapter reads of Converse's answer (content
// blocks other than text have no "text" and add nothing).
type converseOutput struct {
	Output struct {
		Message *message `json:"message"`
	} `json:"output"`
	StopReason string `json:"stopReason"`
}
