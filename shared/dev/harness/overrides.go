package harness

import (
	"context"
	"strings"
	"sync"

	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// Overrides holds the dev stack's host overrides (/_dev/hosts) and DNS TXT
// answers (/_dev/dns). The egress client consults them; they are kept in the
// table too, so a persistent dev stack keeps them across restarts.
type Overrides struct {
	Table *dynamo.Table
	// Changed, when set, runs after a host override is set or removed: the
	// dev stack closes the egress client's kept connections, which would
	// otherwise still lead where the host name led before.
	Changed func()

	mu    sync.RWMutex
	hosts map[string]string
	txt   map[string][]string
}

type overrideItem struct {
	PK     string   `dynamodbav:"pk"`
	SK     string   `dynamodbav:"sk"`
	Kind   string   `dynamodbav:"kind"`
	Name   string   `dynamodbav:"name"`
	Values []string `dynamodbav:"values"`
}

const overridesPK = "DEV#overrides"

// normalise is the form a host override is kept and looked up in:
// lowercase, no trailing dot, an internationalised name in its ASCII form.
func normalise(name string) string {
	name = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(name)), ".")
	if ascii, ok := weburl.ASCIIHost(name); ok {
		return ascii // an internationalised name as the service dials it
	}
	return name
}

// Load reads stored overrides.
func (o *Overrides) Load(ctx context.Context) error {
	in, err := dynamo.Partition(overridesPK).Input()
	if err != nil {
		return err
	}
	items, err := o.Table.QueryAll(ctx, in)
	if err != nil {
		return err
	}
	rows, err := dynamo.UnmarshalList[overrideItem](items)
	if err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	o.init()
	for _, r := range rows {
		if r.Kind == "host" && len(r.Values) == 1 {
			o.hosts[r.Name] = r.Values[0]
		} else if r.Kind == "txt" {
			o.txt[r.Name] = r.Values
		}
	}
	return nil
}

func (o *Overrides) init() {
	if o.hosts == nil {
		o.hosts, o.txt = map[string]string{}, map[string][]string{}
	}
}

// SetHost sends connections for host to address ("127.0.0.1:port").
func (o *Overrides) SetHost(ctx context.Context, host, address string) error {
	host = normalise(host)
	o.mu.Lock()
	o.init()
	o.hosts[host] = address
	o.mu.Unlock()
	o.changed()
	return o.Table.Put(ctx, overrideItem{PK: overridesPK, SK: "host#" + host, Kind: "host", Name: host, Values: []string{address}})
}

// DeleteHost removes host's override.
func (o *Overrides) DeleteHost(ctx context.Context, host string) error {
	host = normalise(host)
	o.mu.Lock()
	o.init()
	delete(o.hosts, host)
	o.mu.Unlock()
	o.changed()
	return o.Table.Delete(ctx, overridesPK, "host#"+host)
}

func (o *Overrides) changed() {
	if o.Changed != nil {
		o.Changed()
	}
}

// SetTXT sets the TXT answers for name; an empty list removes them.
func (o *Overrides) SetTXT(ctx context.Context, name string, values []string) error {
	name = normalise(name)
	o.mu.Lock()
	o.init()
	if len(values) == 0 {
		delete(o.txt, name)
	} else {
		o.txt[name] = append([]string(nil), values...)
	}
	o.mu.Unlock()
	if len(values) == 0 {
		return o.Table.Delete(ctx, overridesPK, "txt#"+name)
	}
	return o.Table.Put(ctx, overrideItem{PK: overridesPK, SK: "txt#" + name, Kind: "txt", Name: name, Values: values})
}

// Address returns the loopback address overriding host, if any.
func (o *Overrides) Address(host string) (string, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	a, ok := o.hosts[normalise(host)]
	return a, ok
}

// TXT returns the TXT answers set for name, if any.
func (o *Overrides) TXT(name string) ([]string, bool) {
	o.mu.RLock()
	defer o.mu.RUnlock()
	v, ok := o.txt[normalise(name)]
	return v, ok
}
