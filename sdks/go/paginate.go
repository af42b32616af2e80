package sluice

import (
	"context"
	"strconv"
)

// ListPage fetches one page of a list operation, e.g.
//
//	func(ctx context.Context, q sluice.Params) (sluice.Object, error) { return client.ListWorkflows(ctx, q) }
type ListPage func(ctx context.Context, query Params) (Object, error)

// Paginate calls fn for every item of a list, page after page (100 a page unless query says
// otherwise), until the items run out, fn returns false, or an error.
func Paginate(ctx context.Context, list ListPage, query Params, fn func(item any) bool) error {
	q := Params{}
	for key, value := range query {
		q[key] = value
	}
	limit, err := strconv.Atoi(q["limit"])
	if err != nil || limit <= 0 {
		limit = 100
	}
	page, err := strconv.Atoi(q["page"])
	if err != nil || page <= 0 {
		page = 1
	}
	for ; ; page++ {
		q["page"], q["limit"] = strconv.Itoa(page), strconv.Itoa(limit)
		answer, err := list(ctx, q)
		if err != nil {
			return err
		}
		var items []any
		for _, value := range answer {
			if list, ok := value.([]any); ok {
				items = list
				break
			}
		}
		for _, item := range items {
			if !fn(item) {
				return nil
			}
		}
		total, _ := answer["total"].(float64)
		if len(items) == 0 || float64(page*limit) >= total {
			return nil
		}
	}
}
