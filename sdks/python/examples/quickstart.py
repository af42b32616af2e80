"""The quick start of the README and of /sdks, run by the SDK's tests against a real gateway."""

from sluice import NotFoundError, Sluice


def quickstart(api_key: str, base_url: str) -> dict:
    sluice = Sluice(api_key=api_key, base_url=base_url)

    workflow = sluice.create_workflow({
        "name": "Welcome e-mail",
        "trigger": {"type": "manual", "config": {}},
        "actions": [{"type": "transform", "name": "greeting", "config": {"output": {"text": "Hello {{trigger.data.name}}"}}}],
    })
    run = sluice.execute_workflow(workflow["id"], {"data": {"name": "Ada"}})  # a models.ExecutionStarted

    revenue = [100, 112, 121, 135, 149, 160, 171, 186]
    analysis = sluice.analyze({
        "analysis": "trend",
        "dataset": [{"date": f"2026-01-0{day + 1}", "revenue": value} for day, value in enumerate(revenue)],
        "value_column": "revenue",
    })

    try:
        sluice.get_workflow("wf_missing")
    except NotFoundError as error:  # every error class is a SluiceError
        print(error.status, error.code, error.message, error.request_id)
    return {"workflow": workflow, "run": run, "analysis": analysis, "rate_limit": sluice.rate_limit}
