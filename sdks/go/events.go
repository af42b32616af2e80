package sluice

import (
	"bufio"
	"context"
	"io"
	"strings"
)

// ServerSentEvent is one event of a live view.
type ServerSentEvent struct {
	Event string
	Data  string
	ID    string
}

// EventStream reads a live view's events; Close it when done.
type EventStream struct {
	body    io.ReadCloser
	scanner *bufio.Scanner
}

type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (c *cancelOnClose) Close() error {
	c.cancel()
	return c.ReadCloser.Close()
}

func (c *Client) events(ctx context.Context, name string, input operationInput, opts []RequestOption) (*EventStream, error) {
	_, response, err := c.send(ctx, name, input, opts, true)
	if err != nil {
		return nil, err
	}
	scanner := bufio.NewScanner(response.Body)
	scanner.Buffer(make([]byte, 64*1024), 16*1024*1024)
	return &EventStream{body: response.Body, scanner: scanner}, nil
}

// Next blocks until the next event; io.EOF when the stream has ended.
func (s *EventStream) Next() (ServerSentEvent, error) {
	event := ServerSentEvent{Event: "message"}
	var data []string
	for s.scanner.Scan() {
		line := strings.TrimSuffix(s.scanner.Text(), "\r")
		switch {
		case line == "":
			if len(data) > 0 {
				event.Data = strings.Join(data, "\n")
				return event, nil
			}
			event = ServerSentEvent{Event: "message"}
		case strings.HasPrefix(line, "event:"):
			event.Event = strings.TrimSpace(line[6:])
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(line[5:], " "))
		case strings.HasPrefix(line, "id:"):
			event.ID = strings.TrimSpace(line[3:])
		}
	}
	if err := s.scanner.Err(); err != nil {
		return ServerSentEvent{}, err
	}
	return ServerSentEvent{}, io.EOF
}

// Close ends the live view.
func (s *EventStream) Close() error { return s.body.Close() }
