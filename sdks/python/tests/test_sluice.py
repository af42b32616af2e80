"""The Python SDK against a real gateway and engine (started by sdks/python/python.int.test.ts),
and against local stand-ins for retries. Needs SLUICE_BASE_URL and SLUICE_API_KEY (an admin key)."""

import base64
import hashlib
import hmac
import json
import os
import re
import socket
import sys
import typing
import threading
import time
import unittest
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "examples"))

from quickstart import quickstart  # noqa: E402
from verify_webhook import handle_webhook  # noqa: E402

from sluice import (  # noqa: E402
    AuthenticationError,
    ConflictError,
    NetworkError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    RequestOptions,
    ServerError,
    Sluice,
    SluiceError,
    ValidationError,
    models,
)

BASE_URL = os.environ.get("SLUICE_BASE_URL", "")
API_KEY = os.environ.get("SLUICE_API_KEY", "")
OPENAPI = ROOT.parents[1] / "openapi.yaml"


class StandIn:
    """A local HTTP server answering with `respond(handler)`, recording each request."""

    def __init__(self, respond):
        self.requests = []
        stand_in = self

        class Handler(BaseHTTPRequestHandler):
            def _handle(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length) if length else b""
                stand_in.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                respond(self)

            do_GET = do_POST = _handle

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def answer(handler, status, body, headers=None):
    data = json.dumps(body).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(data)))
    for name, value in (headers or {}).items():
        handler.send_header(name, value)
    handler.end_headers()
    handler.wfile.write(data)


def conforms(value, hint, where="answer"):
    """Checks a decoded answer against a type of sluice.models, recursively; raises naming the first mismatch."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is typing.Any:
        return
    if typing.is_typeddict(hint):
        assert isinstance(value, dict), f"{where}: {value!r} is not an object"
        hints = typing.get_type_hints(hint)
        missing = hint.__required_keys__ - value.keys()
        assert not missing, f"{where}: missing {sorted(missing)}"
        unknown = value.keys() - hints.keys()
        assert not unknown, f"{where}: undocumented {sorted(unknown)}"
        for key, item in value.items():
            conforms(item, hints[key], f"{where}.{key}")
    elif origin is typing.Union:
        errors = []
        for member in args:
            try:
                return conforms(value, member, where)
            except AssertionError as error:
                errors.append(str(error))
        raise AssertionError(f"{where}: none of {args} fits: {errors}")
    elif origin is typing.Literal:
        assert value in args, f"{where}: {value!r} is not one of {args}"
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r} is not a list"
        for index, item in enumerate(value):
            conforms(item, args[0], f"{where}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r} is not an object"
        for key, item in value.items():
            conforms(item, args[1], f"{where}.{key}")
    elif hint is type(None):
        assert value is None, f"{where}: {value!r} is not null"
    elif hint is float:
        assert isinstance(value, (int, float)) and not isinstance(value, bool), f"{where}: {value!r} is not a number"
    else:
        assert isinstance(value, hint) and not (hint is int and isinstance(value, bool)), f"{where}: {value!r} is not {hint}"


def return_type(method_name):
    return typing.get_type_hints(getattr(Sluice, method_name))["return"]


def closed_port_url():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return f"http://127.0.0.1:{probe.getsockname()[1]}"


def wait_until(check, timeout=15.0):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.1)
    raise AssertionError("timed out")


@unittest.skipUnless(BASE_URL and API_KEY, "SLUICE_BASE_URL and SLUICE_API_KEY are needed")
class AgainstTheApi(unittest.TestCase):
    def setUp(self):
        self.sluice = Sluice(api_key=API_KEY, base_url=BASE_URL)
        self.tag = uuid.uuid4().hex[:8]

    def workflow_body(self, name):
        return {"name": name, "trigger": {"type": "manual", "config": {}}, "actions": [{"type": "transform", "name": "shape", "config": {"output": {"ok": "yes"}}}]}

    def test_creates_lists_updates_executes_and_deletes_a_workflow(self):
        created = self.sluice.create_workflow(self.workflow_body(f"py {self.tag}"))
        self.assertEqual(created["status"], "active")
        self.assertIs(return_type("create_workflow"), models.Workflow)
        conforms(created, models.Workflow)
        conforms(self.sluice.list_workflows(), models.WorkflowList)
        conforms(self.sluice.whoami(), return_type("whoami"))
        conforms(self.sluice.get_usage(), return_type("get_usage"))
        listed = [w["id"] for w in self.sluice.paginate("list_workflows")]
        self.assertIn(created["id"], listed)
        self.assertEqual(self.sluice.update_workflow(created["id"], {"name": f"renamed {self.tag}"})["name"], f"renamed {self.tag}")
        run = self.sluice.execute_workflow(created["id"], {"data": {"n": 1}}, options=RequestOptions(idempotency_key=f"py-{self.tag}"))
        again = self.sluice.execute_workflow(created["id"], {"data": {"n": 1}}, options=RequestOptions(idempotency_key=f"py-{self.tag}"))
        self.assertEqual(again["execution_id"], run["execution_id"])
        conforms(run, models.ExecutionStarted)
        execution = wait_until(lambda: (lambda e: e if e["status"] == "completed" else None)(self.sluice.get_execution(run["execution_id"])))
        conforms(execution, models.Execution)
        self.assertEqual(execution["steps"][0]["status"], "completed")
        conforms(self.sluice.list_executions(created["id"]), models.ExecutionList)
        self.assertGreater(self.sluice.rate_limit.limit, 0)
        self.sluice.delete_workflow(created["id"])
        with self.assertRaises(NotFoundError) as caught:
            self.sluice.get_workflow(created["id"])
        self.assertEqual((caught.exception.status, caught.exception.code), (404, "NOT_FOUND"))
        self.assertTrue(caught.exception.request_id)

    def test_runs_the_quick_start(self):
        result = quickstart(API_KEY, BASE_URL)
        conforms(result["analysis"], models.Analysis)
        self.assertEqual(result["run"]["status"], "queued")
        self.assertEqual(result["analysis"]["status"], "completed")
        self.assertEqual(result["analysis"]["insights"]["trend"]["direction"], "increasing")

    def test_pages_through_a_list(self):
        for i in range(5):
            self.sluice.create_workflow(self.workflow_body(f"paged {self.tag} {i}"))
        if hasattr(typing, "get_overloads"):
            returns = {typing.get_args(typing.get_type_hints(o)["operation"])[0]: typing.get_type_hints(o)["return"] for o in typing.get_overloads(Sluice.paginate)}
            self.assertEqual(returns["list_workflows"], typing.Iterator[models.Workflow])
        pages = list(self.sluice.paginate("list_workflows", query={"limit": 2}))
        for workflow in pages:
            conforms(workflow, models.Workflow)
        names = [w["name"] for w in pages if self.tag in w["name"]]
        self.assertEqual(sorted(names), [f"paged {self.tag} {i}" for i in range(5)])

    def test_walks_a_cursor_list_with_filters_and_reads_step_attempts(self):
        shaped = self.sluice.create_workflow(self.workflow_body(f"cursor {self.tag}"))
        failing_body = {"name": f"failing {self.tag}", "trigger": {"type": "manual", "config": {}}, "actions": [{"type": "http_request", "name": "call", "max_attempts": 1, "config": {"url": f"{closed_port_url()}/closed"}}]}
        failing = self.sluice.create_workflow(failing_body)
        runs = [self.sluice.execute_workflow(shaped["id"], {"data": {"i": i}})["execution_id"] for i in range(5)]
        failed = self.sluice.execute_workflow(failing["id"])["execution_id"]
        done = ("completed", "failed")
        wait_until(lambda: all(self.sluice.get_execution(run)["status"] in done for run in [*runs, failed]), timeout=30.0)
        if hasattr(typing, "get_overloads"):
            returns = {typing.get_args(typing.get_type_hints(o)["operation"])[0]: typing.get_type_hints(o)["return"] for o in typing.get_overloads(Sluice.paginate)}
            self.assertEqual(returns["list_account_executions"], typing.Iterator[models.ExecutionSummary])
        first = self.sluice.list_account_executions(query={"limit": 2, "workflow_id": shaped["id"]})
        conforms(first, models.ExecutionPage)
        self.assertTrue(first["has_more"])
        # limit 2 makes three pages of the workflow's five executions; each seen once.
        seen = list(self.sluice.paginate("list_account_executions", query={"limit": 2, "workflow_id": shaped["id"]}))
        for execution in seen:
            conforms(execution, models.ExecutionSummary)
        self.assertEqual(len(seen), 5)
        self.assertEqual(sorted(e["id"] for e in seen), sorted(runs))
        by_status = list(self.sluice.paginate("list_account_executions", query={"limit": 2, "status": "failed", "workflow_id": failing["id"]}))
        self.assertEqual([e["id"] for e in by_status], [failed])
        self.assertEqual(list(self.sluice.paginate("list_account_executions", query={"status": "failed", "workflow_id": shaped["id"]})), [])
        execution = self.sluice.get_execution(failed)
        conforms(execution, models.Execution)
        step: models.ExecutionStep = execution["steps"][0]
        self.assertEqual(step["attempts"], 1)
        attempts: typing.List[models.StepAttempt] = step["attempt_history"]
        self.assertEqual([(a["attempt"], a["outcome"]) for a in attempts], [(1, "failed")])
        self.assertRegex(attempts[0]["error"]["code"], r"^[A-Z_]+$")

    def test_patches_one_field_and_keeps_the_others(self):
        created = self.sluice.create_workflow({**self.workflow_body(f"patch {self.tag}"), "description": "kept"})
        patched = self.sluice.patch_workflow(created["id"], {"name": f"patched {self.tag}"})
        self.assertIs(return_type("patch_workflow"), models.Workflow)
        conforms(patched, models.Workflow)
        self.assertEqual(patched["name"], f"patched {self.tag}")
        self.assertEqual({**patched, "name": created["name"], "updated_at": created["updated_at"]}, created)

    def test_recovers_failed_deliveries_none_failed_none_queued(self):
        endpoint = self.sluice.create_webhook_endpoint({"url": f"{closed_port_url()}/hooks", "events": ["workflow.completed"]})
        since = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() - 3600))
        recovered = self.sluice.recover_webhook_deliveries(endpoint["id"], {"since": since})
        self.assertIs(return_type("recover_webhook_deliveries"), models.RecoverWebhookDeliveriesResult)
        conforms(recovered, models.RecoverWebhookDeliveriesResult)
        self.assertEqual((recovered["queued"], recovered["continues_in_background"]), (0, False))

    def test_executes_without_a_body(self):
        created = self.sluice.create_workflow(self.workflow_body(f"no body {self.tag}"))
        run = self.sluice.execute_workflow(created["id"])
        conforms(run, models.ExecutionStarted)

    def test_error_categories(self):
        read_only, limited = os.environ.get("SLUICE_READ_KEY", ""), os.environ.get("SLUICE_LIMITED_KEY", "")
        self.assertTrue(read_only and limited, "SLUICE_READ_KEY and SLUICE_LIMITED_KEY are needed")
        workflow = self.sluice.create_workflow(self.workflow_body(f"conflict {self.tag}"))
        key = RequestOptions(idempotency_key=f"py-conflict-{self.tag}")
        self.sluice.execute_workflow(workflow["id"], {"data": {"n": 1}}, options=key)
        limited_client = Sluice(api_key=limited, base_url=BASE_URL)
        limited_client.whoami()
        cases = [
            ("401 bad key", AuthenticationError, 401, lambda: Sluice(api_key="sk_live_wrong", base_url=BASE_URL).whoami()),
            ("403 read-only key writes", PermissionDeniedError, 403, lambda: Sluice(api_key=read_only, base_url=BASE_URL).create_workflow(self.workflow_body("refused"))),
            ("404 unknown id", NotFoundError, 404, lambda: self.sluice.get_workflow("wf_missing")),
            ("422 bad body", ValidationError, 422, lambda: self.sluice.create_workflow({"name": ""})),  # type: ignore[typeddict-item]
            ("409 key reused with another body", ConflictError, 409, lambda: self.sluice.execute_workflow(workflow["id"], {"data": {"n": 2}}, options=key)),
            ("429 quota used up", RateLimitError, 429, limited_client.whoami),
            ("network: a closed port", NetworkError, 0, lambda: Sluice(api_key="sk_live_x", base_url=closed_port_url(), max_retries=0).whoami()),
        ]
        for name, error_class, status, call in cases:
            with self.subTest(name):
                with self.assertRaises(SluiceError) as caught:
                    call()
                error = caught.exception
                self.assertIs(type(error), error_class)
                self.assertEqual(error.status, status)
                self.assertTrue(error.code and error.message)
                if status:
                    self.assertTrue(error.request_id)
                else:
                    self.assertEqual(error.code, "NETWORK_ERROR")
                if status == 429:
                    self.assertGreater(error.retry_after, 0)
                if status == 422:
                    self.assertGreater(len(error.details), 0)

    def test_follows_a_stream_live(self):
        name = f"py-{self.tag}"
        self.sluice.send_stream_events(name, {"events": [{"id": "a", "timestamp": "2026-11-25T10:00:00Z", "fields": {"v": 1}}]})
        live = self.sluice.follow_stream(name)
        self.assertEqual(next(live).event, "statistics")
        self.sluice.send_stream_events(name, {"events": [{"id": "b", "timestamp": "2026-11-25T10:00:01Z", "fields": {"v": 2}}]})
        self.assertEqual(json.loads(next(live).data)["events"], 2)
        live.close()

    def test_raises_validation_errors_with_details(self):
        with self.assertRaises(ValidationError) as caught:
            self.sluice.create_workflow({"name": "", "trigger": {"type": "manual", "config": {}}, "actions": []})
        self.assertEqual((caught.exception.status, caught.exception.code), (422, "VALIDATION_FAILED"))
        self.assertGreater(len(caught.exception.details), 0)

    def test_verifies_a_real_delivery_in_both_forms_and_refuses_a_tampered_one(self):
        receiver = StandIn(lambda handler: answer(handler, 200, {"ok": True}))
        try:
            endpoint = self.sluice.create_webhook_endpoint({"url": f"{receiver.url}/hooks", "events": ["workflow.completed"]})
            conforms(endpoint, models.WebhookEndpointWithSecret)
            self.sluice.send_test_webhook(endpoint["id"], {"type": "workflow.completed"})
            delivery = wait_until(lambda: receiver.requests and receiver.requests[0])
            body, headers = delivery["body"], delivery["headers"]
            self.assertEqual(handle_webhook(body, headers, endpoint["secret"]), 200)
            github_only = {"x-webhook-signature-256": headers["x-webhook-signature-256"]}
            self.assertEqual(handle_webhook(body, github_only, endpoint["secret"]), 200)
            self.assertEqual(handle_webhook(body.replace(b"workflow", b"workfl0w"), headers, endpoint["secret"]), 400)
            self.assertEqual(handle_webhook(body, {"x-webhook-signature-256": "sha256=00"}, endpoint["secret"]), 400)
        finally:
            receiver.close()


class Retries(unittest.TestCase):
    def test_waits_out_retry_after_and_keeps_the_idempotency_key(self):
        calls = []

        def respond(handler):
            calls.append(1)
            if len(calls) == 1:
                answer(handler, 429, {"error": {"code": "RATE_LIMITED", "message": "Slow down", "request_id": "req_1"}}, {"Retry-After": "1"})
            else:
                answer(handler, 202, {"execution_id": "exec_1", "status": "queued"})

        stand_in = StandIn(respond)
        try:
            started = time.time()
            result = Sluice(api_key="sk_test_x", base_url=stand_in.url).execute_workflow("wf_1", {"data": {}})
            self.assertEqual(result["execution_id"], "exec_1")
            self.assertGreaterEqual(time.time() - started, 1.0)
            keys = [r["headers"]["idempotency-key"] for r in stand_in.requests]
            self.assertEqual(len(keys), 2)
            self.assertTrue(keys[0])
            self.assertEqual(keys[0], keys[1])
        finally:
            stand_in.close()

    def test_retries_5xx_then_raises_the_last_error(self):
        stand_in = StandIn(lambda handler: answer(handler, 503, {"error": {"code": "SERVICE_UNAVAILABLE", "message": "Down", "request_id": "req_2"}}))
        try:
            with self.assertRaises(ServerError) as caught:
                Sluice(api_key="sk_test_x", base_url=stand_in.url, max_retries=2, retry_base=0.01).whoami()
            self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.request_id), (503, "SERVICE_UNAVAILABLE", "req_2"))
            self.assertEqual(len(stand_in.requests), 3)
        finally:
            stand_in.close()

    def test_gives_up_on_a_silent_server_after_the_timeout(self):
        stand_in = StandIn(lambda handler: time.sleep(1.0))
        try:
            with self.assertRaises(NetworkError) as caught:
                Sluice(api_key="sk_test_x", base_url=stand_in.url, timeout=0.2, max_retries=0).whoami()
            self.assertEqual((caught.exception.status, caught.exception.code), (0, "TIMEOUT"))
        finally:
            stand_in.close()


class WebhookTolerance(unittest.TestCase):
    def test_refuses_a_signature_outside_the_tolerance(self):
        secret = "whsec_" + base64.b64encode(b"0123456789abcdef0123456789abcdef").decode()
        body = json.dumps({"type": "ping"}).encode()

        def signed(timestamp):
            digest = hmac.new(base64.b64decode(secret[6:]), f"evt_1.{timestamp}.".encode() + body, hashlib.sha256).digest()
            return {"webhook-id": "evt_1", "webhook-timestamp": str(timestamp), "webhook-signature": "v1," + base64.b64encode(digest).decode()}

        self.assertEqual(handle_webhook(body, signed(int(time.time()) - 3600), secret), 400)
        self.assertEqual(handle_webhook(body, signed(int(time.time())), secret), 200)


class Drift(unittest.TestCase):
    def test_has_a_method_for_every_v1_operation_of_openapi_yaml(self):
        operation_ids, path = [], None
        for line in OPENAPI.read_text().splitlines():
            match = re.match(r"^  (/\S+):$", line)
            if match:
                path = match.group(1)
            match = re.match(r"^\s+operationId: (\w+)$", line)
            if match and path and path.startswith("/v1/"):
                operation_ids.append(match.group(1))
        self.assertGreater(len(operation_ids), 30)
        snake = [re.sub(r"[A-Z]", lambda m: "_" + m.group(0).lower(), op) for op in operation_ids]
        self.assertEqual([name for name in snake if not callable(getattr(Sluice, name, None))], [])


if __name__ == "__main__":
    unittest.main()
