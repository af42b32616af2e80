// Package quickstart is the quick start of the README and of /sdks, run by the SDK's tests against a real gateway.
package quickstart

import (
	"context"
	"errors"
	"fmt"

	sluice "github.com/sluice-dev/sluice-go"
)

// Run creates and runs a workflow, analyses a small dataset and shows an error.
func Run(ctx context.Context, apiKey, baseURL string) (run *sluice.ExecutionStarted, analysis *sluice.Analysis, err error) {
	client := sluice.New(apiKey, baseURL)

	workflow, err := client.CreateWorkflow(ctx, map[string]any{
		"name":    "Welcome e-mail",
		"trigger": map[string]any{"type": "manual", "config": map[string]any{}},
		"actions": []any{map[string]any{"type": "transform", "name": "greeting", "config": map[string]any{"output": map[string]any{"text": "Hello {{trigger.data.name}}"}}}},
	})
	if err != nil {
		return nil, nil, err
	}
	run, err = client.ExecuteWorkflow(ctx, workflow.ID, map[string]any{"data": map[string]any{"name": "Ada"}})
	if err != nil {
		return nil, nil, err
	}

	var rows []any
	for day, revenue := range []int{100, 112, 121, 135, 149, 160, 171, 186} {
		rows = append(rows, map[string]any{"date": fmt.Sprintf("2026-01-0%d", day+1), "revenue": revenue})
	}
	analysis, err = client.Analyze(ctx, map[string]any{"analysis": "trend", "dataset": rows, "value_column": "revenue"})
	if err != nil {
		return nil, nil, err
	}

	if _, err := client.GetWorkflow(ctx, "wf_missing"); errors.Is(err, sluice.ErrNotFound) {
		var apiErr *sluice.Error
		if errors.As(err, &apiErr) {
			fmt.Println(apiErr.Status, apiErr.Code, apiErr.Message, apiErr.RequestID)
		}
	}
	return run, analysis, nil
}
