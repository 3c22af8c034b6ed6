// Package audit25s sends the agent API hostile request bodies and query
// strings (every wrong JSON type for a field, numbers past their bounds,
// strings past their length in characters, nested and duplicated values)
// and checks each answer is the spec's error and writes nothing.
package audit25s
