package sluice

import "strconv"

// Iterator walks every item of a list operation, page after page, typed; get one from an
// operation's Iter method (e.g. ListWorkflowsIter). Lists paged by number and lists paged by
// cursor (e.g. ListAccountExecutionsIter) are walked the same way; the query's other
// parameters (filters) go with every page:
//
//	it := client.ListWorkflowsIter(ctx, sluice.Params{"limit": "50"})
//	for it.Next() {
//		fmt.Println(it.Item().Name)
//	}
//	if err := it.Err(); err != nil { ... }
type Iterator[T any] struct {
	// fetch returns the next page's items and whether it is the last page.
	fetch func() ([]T, bool, error)
	items []T
	index int
	item  T
	last  bool
	err   error
}

// copyQuery is the caller's query with limit set (100 unless given).
func copyQuery(query Params) (Params, int) {
	q := Params{}
	for key, value := range query {
		q[key] = value
	}
	limit, err := strconv.Atoi(q["limit"])
	if err != nil || limit <= 0 {
		limit = 100
	}
	q["limit"] = strconv.Itoa(limit)
	return q, limit
}

// newIterator pages by number with fetch, which returns a page's items and the total (-1 when unknown).
func newIterator[T any](query Params, fetch func(Params) ([]T, int, error)) *Iterator[T] {
	q, limit := copyQuery(query)
	page, err := strconv.Atoi(q["page"])
	if err != nil || page <= 0 {
		page = 1
	}
	return &Iterator[T]{fetch: func() ([]T, bool, error) {
		q["page"] = strconv.Itoa(page)
		items, total, err := fetch(q)
		if err != nil {
			return nil, false, err
		}
		last := len(items) < limit || (total >= 0 && page*limit >= total)
		page++
		return items, last, nil
	}}
}

// newCursorIterator pages by cursor with fetch, which returns a page's items and the cursor of
// the next page (nil on the last page).
func newCursorIterator[T any](query Params, fetch func(Params) ([]T, *string, error)) *Iterator[T] {
	q, _ := copyQuery(query)
	return &Iterator[T]{fetch: func() ([]T, bool, error) {
		items, next, err := fetch(q)
		if err != nil {
			return nil, false, err
		}
		// An empty page ends the walk too, so a server that keeps a cursor cannot loop it.
		if next == nil || *next == "" || len(items) == 0 {
			return items, true, nil
		}
		q["cursor"] = *next
		return items, false, nil
	}}
}

// Next advances to the next item, fetching the next page when needed; false at the end or on an error.
func (it *Iterator[T]) Next() bool {
	for it.index >= len(it.items) {
		if it.last || it.err != nil {
			return false
		}
		items, last, err := it.fetch()
		if err != nil {
			it.err = err
			return false
		}
		it.items, it.index, it.last = items, 0, last
	}
	it.item = it.items[it.index]
	it.index++
	return true
}

// Item is the current item.
func (it *Iterator[T]) Item() T { return it.item }

// Err is the error that ended the walk, if any.
func (it *Iterator[T]) Err() error { return it.err }
