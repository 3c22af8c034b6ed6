package awsenv

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
)

// Caller calls an AWS service's HTTP API directly, signed with Signature
// Version 4: for the one operation a function needs of a service whose SDK
// client would link the service's whole generated code (Lambda Invoke, SES
// SendEmail, Bedrock Converse).
type Caller struct {
	// Endpoint is the service's address, without a trailing "/".
	Endpoint string
	// SigningName is the service's name in signatures ("lambda", "ses").
	SigningName string
	Region      string
	Credentials aws.CredentialsProvider
	HTTP        aws.HTTPClient
	signer      *v4.Signer
}

// NewCaller returns the caller of the service whose endpoint variable is
// service (AWS_ENDPOINT_URL_<service>, see Endpoint), signing as
// signingName, at https://<host>.<region>.amazonaws.com by default.
func NewCaller(cfg aws.Config, service, signingName, host string) *Caller {
	endpoint := "https://" + host + "." + cfg.Region + ".amazonaws.com"
	if e := Endpoint(service); e != nil {
		endpoint = strings.TrimRight(*e, "/")
	}
	client := cfg.HTTPClient
	if client == nil {
		client = http.DefaultClient
	}
	return &Caller{Endpoint: endpoint, SigningName: signingName, Region: cfg.Region, Credentials: cfg.Credentials, HTTP: client, signer: v4.NewSigner()}
}

// Do sends method path (escaped, from the endpoint's root) with a JSON
// body, signed, and returns the answer's status, headers and body.
func (c *Caller) Do(ctx context.Context, method, path string, body []byte, header map[string]string) (int, http.Header, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, c.Endpoint+path, bytes.NewReader(body))
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	creds, err := c.Credentials.Retrieve(ctx)
	if err != nil {
		return 0, nil, nil, err
	}
	sum := sha256.Sum256(body)
	if err := c.signer.SignHTTP(ctx, creds, req, hex.EncodeToString(sum[:]), c.SigningName, c.Region, time.Now()); err != nil {
		return 0, nil, nil, err
	}
	resp, err := c.HTTP.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, nil, nil, err
	}
	return resp.StatusCode, resp.Header, out, nil
}
