#!/usr/bin/env python3
"""Sends exactly COUNT requests over one keep-alive connection, cycling through a list of bodies, and
fails unless every answer is 200. For counting what a number of requests costs (count-allocations.sh),
where wrk, which runs for a time rather than a count, cannot be used.

    send-requests.py URL LIST COUNT
"""
import http.client
import sys
import urllib.parse

url, listing, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
parts = urllib.parse.urlsplit(url)
bodies = [open(name, "rb").read() for name in open(listing).read().split()]
connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
for index in range(count):
    body = bodies[index % len(bodies)]
    connection.request("POST", parts.path, body=body, headers={"Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    if response.status != 200:
        sys.exit(f"request {index}: status {response.status}")
connection.close()
