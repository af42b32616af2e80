package sluice

import "strconv"

// Iterator walks every item of a list operation, page after page, typed; get one from an
// operation's Iter method (e.g. ListWorkflowsIter):
//
//	it := client.ListWorkflowsIter(ctx, sluice.Params{"limit": "50"})
//	for it.Next() {
//		fmt.Println(it.Item().Name)
//	}
//	if err := it.Err(); err != nil { ... }
type Iterator[T any] struct {
	fetch func(Params) ([]T, int, error)
	query Params
	page  int
	limit int
	items []T
	index int
	item  T
	last  bool
	err   error
}

// newIterator pages with fetch, which returns a page's items and the total (-1 when unknown).
func newIterator[T any](query Params, fetch func(Params) ([]T, int, error)) *Iterator[T] {
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
	return &Iterator[T]{fetch: fetch, query: q, page: page, limit: limit}
}

// Next advances to the next item, fetching the next page when needed; false at the end or on an error.
func (it *Iterator[T]) Next() bool {
	for it.index >= len(it.items) {
		if it.last || it.err != nil {
			return false
		}
		it.query["page"], it.query["limit"] = strconv.Itoa(it.page), strconv.Itoa(it.limit)
		items, total, err := it.fetch(it.query)
		if err != nil {
			it.err = err
			return false
		}
		it.items, it.index = items, 0
		it.last = len(items) < it.limit || (total >= 0 && it.page*it.limit >= total)
		it.page++
	}
	it.item = it.items[it.index]
	it.index++
	return true
}

// Item is the current item.
func (it *Iterator[T]) Item() T { return it.item }

// Err is the error that ended the walk, if any.
func (it *Iterator[T]) Err() error { return it.err }
