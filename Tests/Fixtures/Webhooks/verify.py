"""Verifies webhook messages with the Standard Webhooks reference library (PyPI: standardwebhooks).

Usage: verify.py FILE, where FILE is JSON: {"secret": "whsec_...", "clock": "now" | "message",
"messages": [{"headers": {...}, "body": "..."}]}. With "clock": "message", the library's clock reads
each message's own timestamp (for messages sent at times a test chose); otherwise the real clock.
Prints one line per message, its type, and exits 1 at the first message that does not verify.
"""
import json
import sys
from datetime import datetime, timezone

import standardwebhooks.webhooks as library
from standardwebhooks import Webhook, WebhookVerificationError

document = json.load(open(sys.argv[1]))
webhook = Webhook(document["secret"])
real_datetime = library.datetime
for message in document["messages"]:
    if document.get("clock") == "message":
        stamp = float(message["headers"]["webhook-timestamp"])

        class MessageClock(real_datetime):
            @classmethod
            def now(cls, tz=None):
                return real_datetime.fromtimestamp(stamp, tz=timezone.utc)

        library.datetime = MessageClock
    try:
        payload = webhook.verify(message["body"], message["headers"])
    except WebhookVerificationError as error:
        print("not verified: %s" % error)
        sys.exit(1)
    finally:
        library.datetime = real_datetime
    print(payload["type"])
